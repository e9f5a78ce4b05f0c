export * from "./admins";
export * from "./images";
export * from "./placements";
export * from "./prizes";
export * from "./products";
export * from "./settings";
export * from "./winner-tallies";
export * from "./winners";

// Prints how many milliseconds a fixed arithmetic loop takes on one core: the best of three, so a moment's
// interruption does not count. Comparing it between runs tells a slower machine from a slower suite.
let best = Number.POSITIVE_INFINITY;
let sink = 0;
for (let round = 0; round < 3; round += 1) {
  const started = process.hrtime.bigint();
  for (let index = 0; index < 100_000_000; index += 1) sink += index % 7;
  best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e6);
}
if (sink < 0) console.error(sink);
console.log(Math.round(best));

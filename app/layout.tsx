import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Prize Giveaway", template: "%s | Prize Giveaway" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  // The keyboard shrinks the layout viewport (Android Chrome otherwise slides it over the page): a form in a
  // bottom sheet then stays above the keyboard, its countdown and buttons in view.
  interactiveWidget: "resizes-content",
};

// No stylesheet here: each part of the app imports app/globals.css itself (app/p/layout.tsx, the admin
// layout, the home and not-found pages). With inlined CSS, a stylesheet in the root layout is also
// written into every page's payload a second time, for Next.js's global-error screen: 28 KB per scan.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

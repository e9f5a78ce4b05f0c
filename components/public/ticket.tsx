import type en from "@/messages/en.json";

/**
 * The prize ticket, drawn inline: no image request on a slow event network, and the CSP allows nothing
 * from elsewhere. Dark ink on bright gold with a thick dark outline stays legible in direct sunlight.
 * Decorative: the button around it carries the accessible name. Every text has a textLength, so it
 * fits its box whatever system font the phone substitutes.
 */
// i18n-exempt: a font stack and SVG's fitting mode, not words.
const LETTERING = { fontFamily: "system-ui, sans-serif", lengthAdjust: "spacingAndGlyphs" } as const;

export function TicketArt({ words, className }: { words: (typeof en)["visitor"]["ticket"]; className?: string }) {
  // A ticket outline with round notches on both long edges at the tear line (x = 236).
  const outline =
    "M20 8 H224 A12 12 0 0 0 248 8 H300 A12 12 0 0 1 312 20 V66 A14 14 0 0 0 312 94 V140 A12 12 0 0 1 300 152 H248 A12 12 0 0 0 224 152 H20 A12 12 0 0 1 8 140 V94 A14 14 0 0 0 8 66 V20 A12 12 0 0 1 20 8 Z";
  return (
    <svg viewBox="0 0 320 160" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="ticket-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde047" />
          <stop offset="0.55" stopColor="#facc15" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <linearGradient id="ticket-stub" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e11d48" />
          <stop offset="1" stopColor="#9f1239" />
        </linearGradient>
        <clipPath id="ticket-shape">
          <path d={outline} />
        </clipPath>
      </defs>

      <g clipPath="url(#ticket-shape)">
        <rect width="320" height="160" fill="url(#ticket-gold)" />
        {/* Sun-ray stripes give it a festive, printed feel without hurting contrast. */}
        <g fill="#fff7c2" opacity="0.45">
          <path d="M120 80 L60 0 H90 Z" />
          <path d="M120 80 L150 0 H180 Z" />
          <path d="M120 80 L0 40 V70 Z" />
          <path d="M120 80 L0 120 V150 Z" />
          <path d="M120 80 L70 160 H100 Z" />
          <path d="M120 80 L160 160 H190 Z" />
        </g>
        <rect x="236" width="84" height="160" fill="url(#ticket-stub)" />
      </g>

      {/* Inner printed border. */}
      <rect
        x="22"
        y="22"
        width="200"
        height="116"
        rx="8"
        fill="none"
        stroke="#7c2d12"
        strokeWidth="2.5"
        strokeDasharray="2 5"
        strokeLinecap="round"
      />
      {/* Tear line between body and stub. */}
      <path d="M236 24 V136" stroke="#450a0a" strokeWidth="3" strokeDasharray="6 6" strokeLinecap="round" />

      <text x="122" y="56" textAnchor="middle" {...LETTERING} fontSize="17" fontWeight="800" textLength="120" fill="#7c2d12">
        {words.top}
      </text>
      <text x="122" y="98" textAnchor="middle" {...LETTERING} fontSize="36" fontWeight="900" textLength="148" fill="#1c0a00">
        {words.main}
      </text>
      <text x="122" y="124" textAnchor="middle" {...LETTERING} fontSize="12" fontWeight="700" textLength="176" fill="#7c2d12">
        {words.bottom}
      </text>

      {/* Stub: a big star and "TAP" in white on deep red. */}
      <path
        d="M278 36 l7.1 14.4 15.9 2.3 -11.5 11.2 2.7 15.8 -14.2 -7.5 -14.2 7.5 2.7 -15.8 -11.5 -11.2 15.9 -2.3 Z"
        fill="#fde047"
        stroke="#450a0a"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <text x="278" y="116" textAnchor="middle" {...LETTERING} fontSize="22" fontWeight="900" textLength="52" fill="#ffffff">
        {words.tap}
      </text>

      <path d={outline} fill="none" stroke="#450a0a" strokeWidth="4" strokeLinejoin="round" />
    </svg>
  );
}

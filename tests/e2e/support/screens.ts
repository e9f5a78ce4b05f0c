/**
 * Every screen of the app, by the page file that renders it, and how a test opens it cold
 * (tests/e2e/cold-open.spec.ts). tests/unit/screens-list.test.ts walks app/[locale]/ and fails when a
 * page.tsx is missing here: a new screen is added to this list, and the cold-open test then opens it. A page
 * file may be listed more than once, opened at several addresses.
 * No Playwright import: the unit test reads this file too.
 */
type ScreenNeeds = {
  /** A product page with a prize waiting on it. */
  productPage?: true;
  /** The big screen's secret token. */
  displayToken?: true;
};

export type Screen = {
  /** The page file under app/[locale]/ (a route group's parentheses included). */
  file: string;
  /** A short name for the test's title. */
  name: string;
  /** The address to open; `{urlPath}` and `{token}` are filled from what the test made. */
  path: string;
  /** Opened with the organiser's session (else as a stranger). */
  signedIn: boolean;
  /** Where the page ends once opened (a redirect), when not `path`. */
  landsOn?: RegExp;
  /** The answer's status when not 200 (the browser then logs the document's own status as a console error). */
  status?: 404;
  /** Another address opens this page file (e.g. the proxy's rewrite): named here, opened there. */
  openedThrough?: string;
} & ScreenNeeds;

export const SCREENS: Screen[] = [
  // The visitors'.
  { file: "page.tsx", name: "front door", path: "/", signedIn: false },
  { file: "p/[urlPath]/page.tsx", name: "product page", path: "/p/{urlPath}", signedIn: false, productPage: true },
  {
    file: "p/[urlPath]/v/[version]/[prizeState]/page.tsx",
    name: "product page (cached copy)",
    path: "/p/{urlPath}",
    signedIn: false,
    productPage: true,
    // proxy.ts rewrites /p/{urlPath} here (and refuses the address from outside).
    openedThrough: "p/[urlPath]/page.tsx",
  },
  // An address of no product: the product page's own not-found (a 404).
  { file: "p/[urlPath]/page.tsx", name: "unknown product page", path: "/p/no-such-page-anywhere", signedIn: false, status: 404 },
  // Where a 404 from the API sends a visitor.
  { file: "not-found/page.tsx", name: "not found", path: "/not-found", signedIn: false },
  // The privacy notice every visitor page links to.
  { file: "privacy/page.tsx", name: "privacy notice", path: "/privacy", signedIn: false },
  { file: "display/[token]/page.tsx", name: "big screen", path: "/display/{token}", signedIn: false, displayToken: true },
  // The organisers'.
  { file: "admin/login/page.tsx", name: "sign-in", path: "/admin/login", signedIn: false },
  { file: "admin/page.tsx", name: "admin index", path: "/admin", signedIn: true, landsOn: /\/admin\/dashboard\/?$/ },
  { file: "admin/(protected)/dashboard/page.tsx", name: "dashboard", path: "/admin/dashboard", signedIn: true },
  { file: "admin/(protected)/products/page.tsx", name: "products", path: "/admin/products", signedIn: true },
  { file: "admin/(print)/products/print/page.tsx", name: "print sheet", path: "/admin/products/print", signedIn: true },
  { file: "admin/(protected)/prizes/page.tsx", name: "prizes", path: "/admin/prizes", signedIn: true },
  { file: "admin/(protected)/import/page.tsx", name: "import", path: "/admin/import", signedIn: true },
  { file: "admin/(protected)/distributions/page.tsx", name: "placements", path: "/admin/distributions", signedIn: true },
  { file: "admin/(protected)/winners/page.tsx", name: "winners", path: "/admin/winners", signedIn: true },
  { file: "admin/(protected)/desk/page.tsx", name: "desk", path: "/admin/desk", signedIn: true },
  { file: "admin/(protected)/audit/page.tsx", name: "audit", path: "/admin/audit", signedIn: true },
  { file: "admin/(protected)/accounts/page.tsx", name: "accounts", path: "/admin/accounts", signedIn: true },
  { file: "admin/(protected)/api/page.tsx", name: "API", path: "/admin/api", signedIn: true },
  { file: "admin/(protected)/webhooks/page.tsx", name: "webhooks", path: "/admin/webhooks", signedIn: true },
  { file: "admin/(protected)/events/page.tsx", name: "events", path: "/admin/events", signedIn: true },
  // One page: the event rules, the branding, the collection window and the new event, each reading the settings.
  { file: "admin/(protected)/settings/page.tsx", name: "settings", path: "/admin/settings", signedIn: true },
];

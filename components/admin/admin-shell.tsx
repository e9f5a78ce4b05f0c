"use client";

import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { type ComponentType, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  CalendarIcon,
  CheckCircleIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  CloseIcon,
  CodeIcon,
  GiftIcon,
  GroupIcon,
  HistoryIcon,
  HomeIcon,
  KeyIcon,
  MenuIcon,
  QrCodeIcon,
  SignOutIcon,
  SlidersIcon,
  TicketIcon,
  UploadIcon,
  WebhookIcon,
} from "@/components/ui/icons";
import { IntentLink } from "@/components/ui/intent-link";
import { LanguageSwitch } from "@/components/ui/language-switch";
import { DialogLayer } from "@/components/ui/modal";
import { apiFetch } from "@/lib/client/api";
import type { Locale } from "@/shared/i18n/locales";
import { type AdminScreen, mayOpen, type Role } from "@/shared/roles";
import { EventPicker, useActingEvent } from "./event-picker";
import { EventSwitch } from "./event-switch";
import { getCollapsed, setCollapsed, subscribeCollapsed } from "./sidebar-collapsed";

// Each role sees only the screens it may open (shared/roles.ts SCREEN_ROLES).
const NAV_ITEMS = [
  { href: "/admin/dashboard", label: "dashboard", Icon: HomeIcon },
  { href: "/admin/products", label: "products", Icon: QrCodeIcon },
  { href: "/admin/prizes", label: "prizes", Icon: GiftIcon },
  { href: "/admin/import", label: "import", Icon: UploadIcon },
  { href: "/admin/winners", label: "winners", Icon: GroupIcon },
  { href: "/admin/distributions", label: "placements", Icon: TicketIcon },
  { href: "/admin/desk", label: "desk", Icon: CheckCircleIcon },
  { href: "/admin/events", label: "events", Icon: CalendarIcon },
  { href: "/admin/settings", label: "settings", Icon: SlidersIcon },
  { href: "/admin/audit", label: "audit", Icon: HistoryIcon },
  { href: "/admin/accounts", label: "accounts", Icon: KeyIcon },
  { href: "/admin/webhooks", label: "webhooks", Icon: WebhookIcon },
  { href: "/admin/api", label: "api", Icon: CodeIcon },
] as const satisfies readonly { href: AdminScreen; label: string; Icon: ComponentType<{ className?: string }> }[];

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

const itemClass = "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors";

/** What the menu shows the same wherever it is drawn: the entries the role may open, the current page, signing out. */
type MenuState = { role: Role; pathname: string; loggingOut: boolean; onLogout: () => void };

function SidebarNav({
  id,
  role,
  pathname,
  collapsed,
  loggingOut,
  onNavigate,
  onLogout,
}: MenuState & {
  id: string;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const t = useTranslations("admin.shell");
  return (
    <nav id={id} aria-label={t("navLabel")} className="flex min-h-0 flex-1 flex-col">
      <ul className="flex-1 space-y-1 overflow-y-auto p-3">
        {NAV_ITEMS.filter((item) => mayOpen(role, item.href)).map(({ href, label: labelKey, Icon }) => {
          const active = isActive(pathname, href);
          const label = t(`nav.${labelKey}`);
          return (
            <li key={href}>
              <IntentLink
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                title={collapsed ? label : undefined}
                className={`${itemClass} ${collapsed ? "justify-center" : ""} ${
                  active ? "bg-primary-50 text-primary-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                <Icon className={`size-5 shrink-0 ${active ? "text-primary-600" : "text-slate-500"}`} />
                <span className={collapsed ? "sr-only" : "truncate"}>{label}</span>
              </IntentLink>
            </li>
          );
        })}
      </ul>
      <div className="border-t border-slate-200 p-3">
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          title={collapsed ? t("logOut") : undefined}
          className={`${itemClass} ${collapsed ? "justify-center" : ""} text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60`}
        >
          <SignOutIcon className="size-5 shrink-0 text-slate-500" />
          <span className={collapsed ? "sr-only" : "truncate"}>{loggingOut ? t("loggingOut") : t("logOut")}</span>
        </button>
      </div>
    </nav>
  );
}

export function AdminShell({
  adminName,
  role,
  actingEvent,
  children,
}: {
  adminName: string;
  role: Role;
  /** The event the account's calls act on, as the page was rendered. */
  actingEvent: number | null;
  children: ReactNode;
}) {
  const t = useTranslations("admin.shell");
  const tLanguage = useTranslations("language");
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const collapsed = useSyncExternalStore(subscribeCollapsed, getCollapsed, () => false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const acting = useActingEvent(actingEvent);

  // Any navigation (links, back/forward) closes the drawer; adjusting state during render avoids a flash.
  const [lastPathname, setLastPathname] = useState(pathname);
  if (pathname !== lastPathname) {
    setLastPathname(pathname);
    setDrawerOpen(false);
  }

  // Widening past the md breakpoint hides the drawer; close it so the page does not stay scroll-locked.
  useEffect(() => {
    if (!drawerOpen) return;
    const desktop = window.matchMedia("(min-width: 48rem)");
    const onBreakpoint = () => {
      if (desktop.matches) setDrawerOpen(false);
    };
    desktop.addEventListener("change", onBreakpoint);
    return () => desktop.removeEventListener("change", onBreakpoint);
  }, [drawerOpen]);

  async function logout() {
    setLoggingOut(true);
    try {
      await apiFetch("/api/admin/logout/", { method: "POST" }, { redirectOn401: false });
    } catch {
      // Spec §8: a failed logout still ends on the login page.
    } finally {
      try {
        window.localStorage.removeItem("admin");
      } catch {
        // Storage unavailable: nothing was stored there either.
      }
      window.location.assign("/admin/login");
    }
  }

  const closeDrawer = () => setDrawerOpen(false);
  // The side bar and the phone's drawer show one menu: the same entries, the page marked, the same sign-out.
  const menu: MenuState = { role, pathname, loggingOut, onLogout: logout };

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t("skipToContent")}
      </a>

      <aside
        className={`sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex ${
          collapsed ? "w-18" : "w-64"
        }`}
      >
        <div className={`flex h-16 items-center border-b border-slate-200 px-3 ${collapsed ? "justify-center" : "justify-between"}`}>
          {!collapsed && <span className="min-w-0 flex-1 pl-3 leading-tight font-semibold text-balance text-slate-900">{t("title")}</span>}
          <button
            type="button"
            onClick={() => setCollapsed(!collapsed)}
            aria-expanded={!collapsed}
            aria-controls="admin-sidebar-nav"
            aria-label={collapsed ? t("expandSidebar") : t("collapseSidebar")}
            title={collapsed ? t("expandSidebar") : t("collapseSidebar")}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            {collapsed ? <ChevronsRightIcon /> : <ChevronsLeftIcon />}
          </button>
        </div>
        <SidebarNav id="admin-sidebar-nav" collapsed={collapsed} {...menu} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* On a phone the event picker takes a second row of its own: the first is full with the pause switch. */}
        <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-2 gap-y-2 border-b border-slate-200 bg-white px-2 py-2.5 sm:px-4 md:h-16 md:flex-nowrap md:px-8 md:py-0">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-label={t("openMenu")}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
          <span className="hidden truncate font-semibold text-slate-900 sm:inline md:hidden">{t("title")}</span>
          <div className="order-last min-w-0 basis-full px-2 md:order-none md:ml-4 md:basis-auto md:px-0">
            <EventPicker acting={acting} />
          </div>
          <div className="flex items-center gap-2 sm:ml-4 md:ml-0">
            <EventSwitch />
          </div>
          <div className="ml-auto flex min-w-0 items-center gap-2 pr-2 text-sm text-slate-600 md:pr-0">
            {/* On a phone the globe gives way, so the header fits beside the pause switch (the menu shows the language name). */}
            <LanguageSwitch current={locale} label={tLanguage("label")} className="shrink-0 max-sm:[&>svg]:hidden" />
            <span className="hidden lg:inline">{t("signedInAs")}</span>
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-700"
            >
              {adminName.trim().charAt(0).toUpperCase() || "?"}
            </span>
            <span className="hidden max-w-40 truncate font-medium text-slate-900 sm:inline">{adminName}</span>
            <span className="hidden rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 lg:inline">
              {t(`roles.${role}`)}
            </span>
          </div>
        </header>

        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 md:px-8 md:py-8">
          {children}
        </main>
      </div>

      <DialogLayer
        open={drawerOpen}
        onClose={closeDrawer}
        initialFocus={() => closeButtonRef.current}
        overlayClassName="fixed inset-0 z-40 bg-slate-900/50 md:hidden"
        aria-label={t("navMenu")}
        aria-describedby={undefined}
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 pr-2 pl-6">
          <span className="truncate font-semibold text-slate-900">{t("title")}</span>
          <button
            ref={closeButtonRef}
            type="button"
            onClick={closeDrawer}
            aria-label={t("closeMenu")}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>
        <SidebarNav id="admin-drawer-nav" collapsed={false} onNavigate={closeDrawer} {...menu} />
      </DialogLayer>
    </div>
  );
}

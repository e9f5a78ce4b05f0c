import {
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  CircleAlert,
  CircleCheck,
  Download,
  Eye,
  Gift,
  History,
  House,
  Image,
  KeyRound,
  LogOut,
  type LucideIcon,
  Menu,
  Pencil,
  Plus,
  Power,
  Printer,
  QrCode,
  Search,
  SlidersHorizontal,
  Ticket,
  Timer,
  Trash2,
  TriangleAlert,
  Undo2,
  Users,
  X,
} from "lucide-react";

/**
 * The app's line icons, from lucide-react: inline SVG in the page (the CSP allows no icon CDN or font), and
 * decorative (lucide marks them aria-hidden), so the control they sit in carries the name. One name per use
 * ("CloseIcon", not "X"), so a screen never imports from lucide-react itself and a swap happens here.
 */
type IconProps = { className?: string };

function icon(Glyph: LucideIcon) {
  function AppIcon({ className }: IconProps) {
    return <Glyph className={className ?? "size-5 shrink-0"} strokeWidth={1.8} focusable="false" />;
  }
  return AppIcon;
}

export const HomeIcon = icon(House);
export const QrCodeIcon = icon(QrCode);
export const GiftIcon = icon(Gift);
export const GroupIcon = icon(Users);
export const TicketIcon = icon(Ticket);
export const SignOutIcon = icon(LogOut);
export const MenuIcon = icon(Menu);
export const CloseIcon = icon(X);
export const ChevronsLeftIcon = icon(ChevronsLeft);
export const ChevronsRightIcon = icon(ChevronsRight);
export const SearchIcon = icon(Search);
export const PlusIcon = icon(Plus);
export const PencilIcon = icon(Pencil);
export const TrashIcon = icon(Trash2);
export const DownloadIcon = icon(Download);
export const PrinterIcon = icon(Printer);
export const ImageIcon = icon(Image);
export const AlertIcon = icon(TriangleAlert);
export const CheckCircleIcon = icon(CircleCheck);
export const UndoIcon = icon(Undo2);
export const ChevronLeftIcon = icon(ChevronLeft);
export const ChevronRightIcon = icon(ChevronRight);
export const EyeIcon = icon(Eye);
export const PowerIcon = icon(Power);
export const SlidersIcon = icon(SlidersHorizontal);
export const KeyIcon = icon(KeyRound);
export const HistoryIcon = icon(History);
/** The visitor's "Oops" and "time is up" answers. */
export const FailureIcon = icon(CircleAlert);
export const TimerIcon = icon(Timer);

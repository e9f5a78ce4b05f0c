import {
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  CircleCheck,
  Code,
  Copy,
  Download,
  Eye,
  History,
  House,
  KeyRound,
  LogOut,
  Menu,
  Pencil,
  Plus,
  Power,
  Printer,
  RefreshCw,
  ScrollText,
  Search,
  Send,
  SlidersHorizontal,
  Ticket,
  Trash2,
  TriangleAlert,
  Undo2,
  Upload,
  Users,
  Webhook,
} from "lucide-react";
import { draw, type IconProps } from "./page-icons";

/**
 * The app's line icons, from lucide-react: inline SVG in the page (the CSP allows no icon CDN or font), and
 * decorative (lucide marks them aria-hidden), so the control they sit in carries the name. One name per use
 * ("CloseIcon", not "X"), so a screen never imports from lucide-react itself and a swap happens here.
 */
export { CloseIcon, GiftIcon, ImageIcon, QrCodeIcon } from "./page-icons";

export function HomeIcon(props: IconProps) {
  return draw(House, props);
}
export function GroupIcon(props: IconProps) {
  return draw(Users, props);
}
export function TicketIcon(props: IconProps) {
  return draw(Ticket, props);
}
export function SignOutIcon(props: IconProps) {
  return draw(LogOut, props);
}
export function MenuIcon(props: IconProps) {
  return draw(Menu, props);
}
export function ChevronsLeftIcon(props: IconProps) {
  return draw(ChevronsLeft, props);
}
export function ChevronsRightIcon(props: IconProps) {
  return draw(ChevronsRight, props);
}
export function SearchIcon(props: IconProps) {
  return draw(Search, props);
}
export function PlusIcon(props: IconProps) {
  return draw(Plus, props);
}
export function PencilIcon(props: IconProps) {
  return draw(Pencil, props);
}
export function TrashIcon(props: IconProps) {
  return draw(Trash2, props);
}
export function DownloadIcon(props: IconProps) {
  return draw(Download, props);
}
export function PrinterIcon(props: IconProps) {
  return draw(Printer, props);
}
export function AlertIcon(props: IconProps) {
  return draw(TriangleAlert, props);
}
export function CheckCircleIcon(props: IconProps) {
  return draw(CircleCheck, props);
}
export function UndoIcon(props: IconProps) {
  return draw(Undo2, props);
}
export function ChevronLeftIcon(props: IconProps) {
  return draw(ChevronLeft, props);
}
export function ChevronRightIcon(props: IconProps) {
  return draw(ChevronRight, props);
}
export function EyeIcon(props: IconProps) {
  return draw(Eye, props);
}
export function PowerIcon(props: IconProps) {
  return draw(Power, props);
}
export function SlidersIcon(props: IconProps) {
  return draw(SlidersHorizontal, props);
}
export function KeyIcon(props: IconProps) {
  return draw(KeyRound, props);
}
export function CalendarIcon(props: IconProps) {
  return draw(CalendarDays, props);
}
export function HistoryIcon(props: IconProps) {
  return draw(History, props);
}
export function CodeIcon(props: IconProps) {
  return draw(Code, props);
}
export function UploadIcon(props: IconProps) {
  return draw(Upload, props);
}
export function WebhookIcon(props: IconProps) {
  return draw(Webhook, props);
}
export function CopyIcon(props: IconProps) {
  return draw(Copy, props);
}
export function SendIcon(props: IconProps) {
  return draw(Send, props);
}
export function LogIcon(props: IconProps) {
  return draw(ScrollText, props);
}
export function RefreshIcon(props: IconProps) {
  return draw(RefreshCw, props);
}

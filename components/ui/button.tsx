import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-soft" | "ghost";
export type ButtonSize = "sm" | "md";

const variantClass: Record<ButtonVariant, string> = {
  primary: "bg-primary-600 text-white shadow-sm hover:bg-primary-700",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700",
  // A destructive action among ordinary ones (a toolbar's "Delete all"): red, but quieter than the solid
  // button that confirms it. Red 700 on red 50 is 5.9:1.
  "danger-soft": "border border-red-300 bg-red-50 text-red-700 shadow-xs hover:border-red-400 hover:bg-red-100",
  ghost: "text-slate-700 hover:bg-slate-100",
};

const sizeClass: Record<ButtonSize, string> = {
  // 44 px tall by default: a comfortable touch target on phones.
  md: "min-h-11 px-4 py-2 text-sm",
  sm: "min-h-9 px-3 py-1.5 text-sm",
};

/** Classes of a button, for links that should look like one. */
export function buttonClass({
  variant = "secondary",
  size = "md",
  className = "",
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap [&_svg]:shrink-0 transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variantClass[variant]} ${sizeClass[size]} ${className}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
};

export function Button({ variant, size, busy = false, className, disabled, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass({ variant, size, className })}
      {...rest}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

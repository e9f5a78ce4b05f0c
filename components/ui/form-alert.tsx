/**
 * What went wrong with a form as a whole (not one field). The alert region is always mounted, so screen
 * readers announce the message the moment it appears.
 */
export function FormAlert({ message, className = "" }: { message?: string | null; className?: string }) {
  return (
    <div role="alert" className={message ? className : undefined}>
      {message && <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{message}</p>}
    </div>
  );
}

/** The look of `ui/input.tsx`, for the pickers' own inputs and the native select. */
export const CONTROL_CLASSES = [
  'min-h-11 w-full rounded-control border border-input bg-surface px-4 text-body text-foreground',
  'placeholder:text-muted-foreground aria-invalid:border-danger aria-invalid:bg-danger-soft',
  'disabled:cursor-not-allowed disabled:opacity-60',
].join(' ');

/** Error text under a field; the control points at `id` with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-caption font-medium text-danger">
      {children}
    </p>
  );
}

import type { ReactNode } from 'react';

/** A decorative line icon on a 24-unit grid, drawn in the text colour; `children` are its shapes. */
export function Icon({ size = 18, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

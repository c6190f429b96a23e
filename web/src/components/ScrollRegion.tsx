// A table (or anything wide) that may scroll sideways on a narrow screen: the region scrolls, not Radix's own scroll
// area inside the table, so the part that scrolls is reachable from the keyboard (tabIndex 0) and has a name that says
// what it holds (axe's scrollable-region-focusable; WCAG 2.1.1).
import type { ReactNode } from 'react';
import './scrollRegion.css';

export function ScrollRegion({
  label,
  className,
  children,
}: {
  /** what the region holds, e.g. "Accounts" */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `scroll-region ${className}` : 'scroll-region'}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </div>
  );
}

import type { ReactNode } from "react";

// Figures as the servicing's cards show them: a label above its value, two a row on a phone
// (a 360 px screen fits two amounts side by side), three on wider screens.

export function Terms({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3">{children}</dl>;
}

export function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

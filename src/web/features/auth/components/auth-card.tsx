import type { ReactNode } from "react";
import { Card } from "../../../components/card";

/** The frame of every sign-in page: a centered card with the page's h1. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-md">
        <div className="px-5 pt-7 pb-2 sm:px-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
        </div>
        <div className="px-5 py-5 sm:px-8">{children}</div>
        {footer ? (
          <div className="rounded-b-xl border-t border-slate-100 bg-slate-50 px-5 py-4 text-center text-sm text-slate-700 sm:px-8">
            {footer}
          </div>
        ) : null}
      </Card>
    </div>
  );
}

export const authLinkClasses = "font-semibold text-brand-700 underline-offset-4 hover:underline";

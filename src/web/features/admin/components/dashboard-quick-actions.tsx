import { Clock, FileText, Mail, Users } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { paths } from "../../../paths";

const actions = [
  { to: `${paths.admin.loans}?status=pending`, label: "Demandes en attente", icon: Clock },
  { to: paths.admin.loans, label: "Toutes les demandes", icon: FileText },
  { to: paths.admin.clients, label: "Clients", icon: Users },
  { to: paths.admin.messages, label: "Messages", icon: Mail },
];

/** Shortcuts to the queues an officer opens first. */
export function DashboardQuickActions() {
  return (
    <Card aria-labelledby="quick-actions-title">
      <CardHeader id="quick-actions-title" title="Actions rapides" />
      <ul className="grid grid-cols-1 gap-2 p-5 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
        {actions.map((action) => (
          <li key={action.label}>
            <Link
              to={action.to}
              className={buttonClasses({
                variant: "outline",
                fullWidth: true,
                className: "justify-start",
              })}
            >
              <action.icon aria-hidden="true" className="size-4 text-brand-700" />
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

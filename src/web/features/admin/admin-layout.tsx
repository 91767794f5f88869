import {
  FileSpreadsheet,
  FileText,
  LayoutDashboard,
  Mail,
  Settings,
  ShieldCheck,
  Users,
} from "lucide-react";
import { areaAccess } from "../../lib/area-access";
import { pageContext } from "../../lib/page-context";
import { useFreshData } from "../../lib/use-fresh-data";
import { paths } from "../../paths";
import { type AreaConfig, AreaShell } from "../../shell/area-shell";
import type { Route } from "./+types/admin-layout";
import type { AdminLayoutData } from "./admin-layout-data";
import { UnreadMessagesBadge } from "./components/unread-messages-badge";

const config: AreaConfig = {
  area: "admin",
  title: "Administration",
  rootPath: paths.admin.root,
  profilePath: paths.admin.settings,
  navigation: [
    { to: paths.admin.root, label: "Tableau de bord", icon: LayoutDashboard },
    { to: paths.admin.loans, label: "Demandes de prêts", icon: FileText },
    { to: paths.admin.clients, label: "Clients", icon: Users },
    // Mobile-money and bank statements (issue 28): the repayments recorded from a CSV.
    { to: paths.admin.statements, label: "Relevés", icon: FileSpreadsheet },
    { to: paths.admin.messages, label: "Messages", icon: Mail, badge: UnreadMessagesBadge },
    { to: paths.admin.journal, label: "Journal de sécurité", icon: ShieldCheck },
    { to: paths.admin.settings, label: "Paramètres", icon: Settings },
  ],
};

/**
 * Officers only, with a second factor: a client is sent to /client, an officer without one to the
 * enrolment page, before anything is read or drawn.
 */
export const middleware = [areaAccess("admin")];

/** The sidebar's count and the platform's settings (nothing asked for during the enrolment). */
export async function loader({ context }: Route.LoaderArgs): Promise<AdminLayoutData> {
  const { user, reader } = context.get(pageContext);
  if (!user?.twoFactorEnabled) return { unreadMessages: 0, settings: null };
  const [unreadMessages, settings] = await Promise.all([
    reader.unreadMessageCount(),
    reader.adminSettings(),
  ]);
  return { unreadMessages, settings };
}

export default function AdminLayout() {
  // New requests and messages arrive while an officer works through a queue.
  useFreshData({ staleAfterMs: 30_000, everyMs: 60_000 });
  return <AreaShell config={config} />;
}

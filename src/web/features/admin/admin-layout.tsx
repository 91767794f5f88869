import { FileText, LayoutDashboard, Mail, Settings, ShieldCheck, Users } from "lucide-react";
import { paths } from "../../paths";
import { type AreaConfig, AreaShell } from "../../shell/area-shell";
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
    { to: paths.admin.messages, label: "Messages", icon: Mail, badge: UnreadMessagesBadge },
    { to: paths.admin.journal, label: "Journal de sécurité", icon: ShieldCheck },
    { to: paths.admin.settings, label: "Paramètres", icon: Settings },
  ],
};

export default function AdminLayout() {
  return <AreaShell config={config} />;
}

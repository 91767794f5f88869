import { FilePlus2, FolderOpen, LayoutDashboard, UserRound } from "lucide-react";
import { areaAccess } from "../../lib/area-access";
import { useFreshData } from "../../lib/use-fresh-data";
import { paths } from "../../paths";
import { type AreaConfig, AreaShell } from "../../shell/area-shell";

const config: AreaConfig = {
  area: "client",
  title: "Espace client",
  rootPath: paths.client.root,
  profilePath: paths.client.profile,
  navigation: [
    { to: paths.client.root, label: "Tableau de bord", icon: LayoutDashboard },
    { to: paths.client.newLoan, label: "Demander un prêt", icon: FilePlus2 },
    { to: paths.client.documents, label: "Mes documents", icon: FolderOpen },
    { to: paths.client.profile, label: "Mon profil", icon: UserRound },
  ],
};

/** Clients only: anyone else is sent where they belong before anything is read or drawn. */
export const middleware = [areaAccess("client")];

export default function ClientLayout() {
  useFreshData({ staleAfterMs: 30_000 });
  return <AreaShell config={config} />;
}

// Run before `npm install` and `npm start` (package.json's preinstall and prestart): the platform
// needs Node.js 24 LTS; an older one is refused with one line saying which and how to get it,
// rather than a list of warnings and a server that fails later. Plain JavaScript: it must run
// before anything is installed.
const needed = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < needed) {
  console.error(
    `Node.js ${needed} est requis (vous avez ${process.versions.node}) : installez-le avec \`npm install -g --force node@${needed}\` (ou le paquet nodejs ${needed} de votre système), puis relancez la commande.`,
  );
  process.exit(1);
}

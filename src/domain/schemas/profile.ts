export const officeOnlyForOfficersMessage =
  "Seuls les administrateurs sont rattachés à une agence.";
export const emailReadOnlyMessage = "Pour changer votre email, veuillez contacter le support.";
export const noSignedInUserMessage = "Aucun utilisateur connecte";
export const wrongCurrentPasswordMessage = "Mot de passe actuel incorrect";

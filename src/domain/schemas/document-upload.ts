export const missingFileMessage = "Veuillez sélectionner un fichier";

// The client's notice channels ('Mon profil', issue 18): what GET and PUT
// /api/me/notifications answer, and their French messages.

/** The channels in force, and the mobile number SMS go to (E.164), if one is known. */
export type NotificationChoicesJson = {
  email: boolean;
  sms: boolean;
  /** "+2250708091011"; null when neither the SMS number nor the profile's phone is a mobile. */
  smsPhone: string | null;
};

export const notificationMessages = {
  saved: "Vos préférences de notification ont été enregistrées",
  saveFailed: "Impossible d'enregistrer vos préférences de notification",
  loadFailed: "Impossible de charger vos préférences de notification",
  smsNeedsMobile: "Indiquez un numéro de mobile pour recevoir les SMS",
  smsPhoneTooLong: "Numéro de mobile invalide",
} as const;

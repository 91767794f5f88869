// French elides "de" before a vowel or a mute h: "reçus d'Aïssatou", "d'Awa", "d'Hélène"; a
// name starting with a consonant keeps it: "de Fatou".

const elidingStart = /^[aeiouyhàâäéèêëîïôöùûüÿæœ]/i;

/** "de Fatou Diop", "d'Aïssatou Traoré", "d'Hélène Kaboré". */
export function deName(name: string): string {
  const trimmed = name.trim();
  return elidingStart.test(trimmed.normalize("NFC")) ? `d'${trimmed}` : `de ${trimmed}`;
}

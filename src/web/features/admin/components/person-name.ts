/** "Awa Koné", or the e-mail of someone who gave no name. */
export function personName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

// The privacy screen's own words (the product spec gives none).
export const privacyContent = {
  title: 'Privacy',
  subtitle: 'Forget a person, send them what is held about them, and keep data no longer than needed.',
  eraseHeading: 'Erase a person',
  eraseIntro:
    'Everything the shop holds under this e-mail address will read as “Erased customer”. Order numbers, amounts and statuses stay for the books. This cannot be undone.',
  emailLabel: 'E-mail address',
  reasonLabel: 'Reason (kept in the log; do not write the person’s details)',
  eraseButton: 'Erase…',
  confirmTitle: 'Erase this person?',
  confirmText: (email: string) => `Everything held under ${email} will be forgotten for good.`,
  confirmButton: 'Erase for good',
  cancel: 'Cancel',
  accessHeading: 'Download a person’s data',
  accessIntro:
    'Everything held about one e-mail address (orders, checkouts, reviews, e-mails sent, notices, with their events), as a JSON file.',
  accessButton: 'Prepare the download',
  accessReasonLabel: 'Why (kept in the log with who downloaded and when; do not write the person’s details)',
  accessRefused:
    'Downloading a person’s data is an owner’s, or an account’s an owner granted it to on the accounts screen.',
  retentionHeading: 'Retention',
  retentionOff: 'No retention period is set (RETENTION_MONTHS): people are kept until erased by hand.',
  retentionIntro: (months: number, cutoff: string) =>
    `Data is kept for ${months} months after a customer’s last order: these people’s last order was before ${cutoff.slice(0, 10)}.`,
  retentionNone: 'Nobody is past the retention period.',
  retentionApply: 'Erase everyone listed',
} as const;

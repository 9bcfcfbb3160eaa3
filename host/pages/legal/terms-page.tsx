import { useTranslation } from '../../../shared/i18n/react';
import { LegalPage, type LegalText } from './legal-page';

const TERMS: LegalText = {
  en: [
    {
      heading: 'The service',
      paragraphs: [
        'These terms govern your use of this client-portal service, provided by the operator of this service. It lets freelancers and small agencies manage clients, projects, files, messages and invoices and offer their clients a branded portal.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You need a verified e-mail address and must keep your password confidential. You are responsible for activity in your account and for the content you and your clients add.',
      ],
    },
    {
      heading: 'Plan, trial and payment',
      paragraphs: [
        'The Professional plan costs 9 euro per month. New accounts start with a 14-day free trial; no credit card is required for the trial. If you are not satisfied, you can ask for a refund within 30 days of your first payment (money-back guarantee).',
        'We announce price changes at least 30 days in advance; you may cancel before they take effect.',
      ],
    },
    {
      heading: 'Your clients and their data',
      paragraphs: [
        'You decide which clients get portal access and what you share with them. You must have a legal basis for the client data you process with the service; we process it on your behalf.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Do not use the service for unlawful content, to send spam, to upload malware, or to interfere with its security or other users. We may suspend accounts that do.',
      ],
    },
    {
      heading: 'Availability and liability',
      paragraphs: [
        'We work to keep the service available and your data safe, but cannot guarantee uninterrupted operation. Liability is limited to the extent permitted by law; this does not limit liability for intent, gross negligence or injury to life, body or health.',
      ],
    },
    {
      heading: 'Ending the contract',
      paragraphs: [
        'You can cancel at any time with effect from the end of the current billing month and export your data beforehand. We may end the contract with 30 days notice, or immediately for serious breaches of these terms.',
      ],
    },
  ],
  de: [
    {
      heading: 'Der Dienst',
      paragraphs: [
        'Diese Bedingungen regeln die Nutzung dieses Kundenportal-Dienstes, der vom Betreiber dieses Dienstes bereitgestellt wird. Mit ihm verwalten Freelancer und kleine Agenturen Kunden, Projekte, Dateien, Nachrichten und Rechnungen und bieten ihren Kunden ein Portal im eigenen Design.',
      ],
    },
    {
      heading: 'Ihr Konto',
      paragraphs: [
        'Sie benötigen eine bestätigte E-Mail-Adresse und müssen Ihr Passwort geheim halten. Sie sind für die Aktivitäten in Ihrem Konto und für die Inhalte verantwortlich, die Sie und Ihre Kunden anlegen.',
      ],
    },
    {
      heading: 'Tarif, Testphase und Zahlung',
      paragraphs: [
        'Der Professional-Tarif kostet 9 Euro pro Monat. Neue Konten starten mit einer 14-tägigen kostenlosen Testphase; dafür ist keine Kreditkarte erforderlich. Wenn Sie nicht zufrieden sind, erstatten wir auf Wunsch innerhalb von 30 Tagen nach der ersten Zahlung den Betrag (Geld-zurück-Garantie).',
        'Preisänderungen kündigen wir mindestens 30 Tage im Voraus an; Sie können vor ihrem Inkrafttreten kündigen.',
      ],
    },
    {
      heading: 'Ihre Kunden und deren Daten',
      paragraphs: [
        'Sie entscheiden, welche Kunden Zugang zum Portal erhalten und was Sie mit ihnen teilen. Für die Kundendaten, die Sie mit dem Dienst verarbeiten, benötigen Sie eine Rechtsgrundlage; wir verarbeiten sie in Ihrem Auftrag.',
      ],
    },
    {
      heading: 'Zulässige Nutzung',
      paragraphs: [
        'Nutzen Sie den Dienst nicht für rechtswidrige Inhalte, Spam, Schadsoftware oder Angriffe auf seine Sicherheit oder andere Nutzer. Konten, die dagegen verstoßen, können wir sperren.',
      ],
    },
    {
      heading: 'Verfügbarkeit und Haftung',
      paragraphs: [
        'Wir arbeiten daran, den Dienst verfügbar und Ihre Daten sicher zu halten, können aber keinen unterbrechungsfreien Betrieb garantieren. Die Haftung ist im gesetzlich zulässigen Umfang beschränkt; dies gilt nicht für Vorsatz, grobe Fahrlässigkeit oder Verletzungen von Leben, Körper oder Gesundheit.',
      ],
    },
    {
      heading: 'Vertragsende',
      paragraphs: [
        'Sie können jederzeit zum Ende des laufenden Abrechnungsmonats kündigen und Ihre Daten vorher exportieren. Wir können den Vertrag mit einer Frist von 30 Tagen oder bei schweren Verstößen gegen diese Bedingungen fristlos beenden.',
      ],
    },
  ],
};

export default function TermsPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('public:legal.termsTitle')} text={TERMS} updated="2026-01-01" />;
}

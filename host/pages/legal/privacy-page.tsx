import { useTranslation } from '../../../shared/i18n/react';
import { LegalPage, type LegalText } from './legal-page';

const PRIVACY: LegalText = {
  en: [
    {
      heading: 'Who is responsible',
      paragraphs: [
        'The controller responsible for processing personal data on this service is the operator of this service. You can reach the operator through the contact details published with this service.',
        'Providers (freelancers and agencies) who use the service to run client portals are themselves controllers for the data of their clients; we process that data on their behalf.',
      ],
    },
    {
      heading: 'What we process',
      paragraphs: [
        'Account data: your name, e-mail address, a hash of your password (never the password itself), your preferred language and your business details if you enter them.',
        'Content you and your clients add: clients, projects, messages, files, invoices and portal branding.',
        'Technical data: a session cookie that keeps you signed in, the IP address and browser information of each request for security and abuse prevention, and server logs kept for a short time.',
        'Waitlist: your e-mail address and, if you give it, your name.',
      ],
    },
    {
      heading: 'Why we process it',
      paragraphs: [
        'To provide the service you signed up for (performance of a contract), to keep it secure and prevent abuse (legitimate interest), to send the e-mails the service needs, such as address verification and sign-in links, and to inform you about the launch if you joined the waitlist (consent, which you can withdraw at any time).',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'We use one strictly necessary, HttpOnly session cookie to keep you signed in. Your language choice is stored in your browser. We do not use advertising or tracking cookies.',
      ],
    },
    {
      heading: 'Processors',
      paragraphs: [
        'We rely on a small number of processors: hosting, an e-mail delivery service and a card payment provider for invoices. They process data only on our instructions and under data processing agreements.',
      ],
    },
    {
      heading: 'How long we keep data',
      paragraphs: [
        'Account data is kept while your account exists and deleted after you close it, unless the law requires us to keep records such as invoices longer. Verification and sign-in links expire after 24 hours. Logs are deleted after a short period.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You have the right to access, rectify and erase your data, to restrict or object to processing, to data portability and to withdraw consent. You may also lodge a complaint with a data protection supervisory authority.',
      ],
    },
  ],
  de: [
    {
      heading: 'Verantwortlicher',
      paragraphs: [
        'Verantwortlich für die Verarbeitung personenbezogener Daten in diesem Dienst ist der Betreiber dieses Dienstes. Sie erreichen den Betreiber über die mit diesem Dienst veröffentlichten Kontaktdaten.',
        'Dienstleister (Freelancer und Agenturen), die mit dem Dienst Kundenportale betreiben, sind für die Daten ihrer Kunden selbst verantwortlich; wir verarbeiten diese Daten in ihrem Auftrag.',
      ],
    },
    {
      heading: 'Welche Daten wir verarbeiten',
      paragraphs: [
        'Kontodaten: Ihr Name, Ihre E-Mail-Adresse, ein Hash Ihres Passworts (nie das Passwort selbst), Ihre bevorzugte Sprache und, falls angegeben, Ihre Geschäftsdaten.',
        'Inhalte, die Sie und Ihre Kunden anlegen: Kunden, Projekte, Nachrichten, Dateien, Rechnungen und das Portal-Design.',
        'Technische Daten: ein Sitzungs-Cookie, das Sie angemeldet hält, IP-Adresse und Browserinformationen jeder Anfrage zur Sicherheit und Missbrauchsabwehr sowie kurzzeitig gespeicherte Server-Logs.',
        'Warteliste: Ihre E-Mail-Adresse und, falls angegeben, Ihr Name.',
      ],
    },
    {
      heading: 'Zwecke und Rechtsgrundlagen',
      paragraphs: [
        'Wir verarbeiten Daten, um den vereinbarten Dienst zu erbringen (Vertragserfüllung), ihn sicher zu betreiben und Missbrauch zu verhindern (berechtigtes Interesse), notwendige E-Mails wie Adressbestätigungen und Anmeldelinks zu senden und Sie über den Start zu informieren, wenn Sie sich auf die Warteliste eingetragen haben (Einwilligung, jederzeit widerrufbar).',
      ],
    },
    {
      heading: 'Cookies und lokaler Speicher',
      paragraphs: [
        'Wir verwenden ein technisch notwendiges HttpOnly-Sitzungs-Cookie, damit Sie angemeldet bleiben. Ihre Sprachwahl wird in Ihrem Browser gespeichert. Werbe- oder Tracking-Cookies verwenden wir nicht.',
      ],
    },
    {
      heading: 'Auftragsverarbeiter',
      paragraphs: [
        'Wir setzen wenige Auftragsverarbeiter ein: Hosting, einen E-Mail-Versanddienst und einen Kartenzahlungsanbieter für Rechnungen. Sie verarbeiten Daten nur nach unseren Weisungen und auf Grundlage von Auftragsverarbeitungsverträgen.',
      ],
    },
    {
      heading: 'Speicherdauer',
      paragraphs: [
        'Kontodaten speichern wir, solange Ihr Konto besteht, und löschen sie nach der Kündigung, soweit keine gesetzlichen Aufbewahrungspflichten (etwa für Rechnungen) bestehen. Bestätigungs- und Anmeldelinks verfallen nach 24 Stunden. Logs werden nach kurzer Zeit gelöscht.',
      ],
    },
    {
      heading: 'Ihre Rechte',
      paragraphs: [
        'Sie haben das Recht auf Auskunft, Berichtigung und Löschung, auf Einschränkung der Verarbeitung und Widerspruch, auf Datenübertragbarkeit und auf Widerruf erteilter Einwilligungen. Zudem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren.',
      ],
    },
  ],
};

export default function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalPage title={t('public:legal.privacyTitle')} text={PRIVACY} updated="2026-01-01" />;
}

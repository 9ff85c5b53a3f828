import type { LegalDocument } from '@/features/accounts/legal/legal-text';

/** Der deutsche Text, gleich aufgebaut wie der englische (spec 2 §9, spec 3 §2). */
export const LEGAL_DOCUMENT: LegalDocument = {
  agreement: [
    {
      heading: '{{COMPANY}} ENDBENUTZER-LIZENZVERTRAG',
      paragraphs: [
        'Dieser Endbenutzer-Lizenzvertrag („Vertrag“) wird zwischen Ihnen, im eigenen Namen und im Namen des von Ihnen registrierten Unternehmens („Sie“), und {{company}} geschlossen, dem Softwareanbieter, der diese Plattform für seine Standardisierungsallianz betreibt („wir“, „uns“). Indem Sie das Zustimmungskästchen ankreuzen oder die Plattform nutzen, nehmen Sie diesen Vertrag an. Wenn Sie ihn nicht annehmen, nutzen Sie die Plattform nicht.',
      ],
    },
    {
      heading: '1. Lizenz und Einschränkungen',
      paragraphs: [
        'Wir räumen Ihnen für die Dauer Ihres Abonnements eine beschränkte, nicht ausschließliche, nicht übertragbare und widerrufliche Lizenz ein, die Plattform für interne Geschäftszwecke Ihres Unternehmens gemäß diesem Vertrag und der Dokumentation zu nutzen.',
        'Sie werden nicht: die Plattform kopieren, verändern oder abgeleitete Werke davon erstellen; sie zurückentwickeln, dekompilieren oder versuchen, ihren Quellcode zu erlangen, soweit das Gesetz dies nicht ausdrücklich erlaubt; den Zugang weiterverkaufen, unterlizenzieren, vermieten oder mit Personen außerhalb Ihres Unternehmens teilen; die Plattform nutzen, um gegen Gesetze zu verstoßen, einschließlich der Cannabis- und Hanfgesetze Ihres Bundesstaats, Ihrer Provinz oder Ihres Landes; rechtswidrige, rechtsverletzende oder schädliche Inhalte hochladen, einschließlich Schadsoftware; die Sicherheit der Plattform ohne unsere schriftliche Erlaubnis untersuchen, scannen oder testen; oder automatisierte Mittel einsetzen, um Daten über das hinaus zu extrahieren, was die Plattform anbietet.',
        'Sie sind für Ihre Zugangsdaten und für alles verantwortlich, was über Ihr Konto geschieht. Informieren Sie uns sofort, wenn Sie eine unbefugte Nutzung vermuten.',
      ],
    },
    {
      heading: '2. Feedback',
      paragraphs: [
        'Wenn Sie uns Vorschläge, Ideen oder sonstiges Feedback zur Plattform übermitteln, räumen Sie uns eine unbefristete, unwiderrufliche, unentgeltliche und weltweite Lizenz ein, dieses ohne Verpflichtung Ihnen gegenüber zu nutzen und einzubinden. Feedback gilt nicht als Ihre vertrauliche Information.',
      ],
    },
    {
      heading: '3. Vertraulichkeit',
      paragraphs: [
        'Jede Partei kann von der anderen nicht öffentliche Informationen erhalten, die als vertraulich gekennzeichnet sind oder vernünftigerweise als vertraulich zu verstehen sind. Die empfangende Partei verwendet sie nur zur Erfüllung dieses Vertrags, schützt sie mindestens mit angemessener Sorgfalt und gibt sie nur an Personen weiter, die sie kennen müssen und an vergleichbare Pflichten gebunden sind, oder soweit das Gesetz eine Offenlegung verlangt, nach vorheriger Mitteilung, soweit zulässig.',
        'Diese Pflichten gelten nicht für Informationen, die ohne Verschulden der empfangenden Partei öffentlich sind oder werden, ihr bereits bekannt waren, unabhängig entwickelt wurden oder rechtmäßig von einem Dritten erhalten wurden.',
      ],
    },
    {
      heading: '4. Haftungsausschlüsse',
      paragraphs: [
        'DIE PLATTFORM, IHRE VERIFIZIERUNGSERGEBNISSE, COMPLIANCE-SCANS UND VERTRAUENSPROFILE WERDEN „WIE BESEHEN“ UND „WIE VERFÜGBAR“ BEREITGESTELLT. SOWEIT GESETZLICH ZULÄSSIG, SCHLIESST {{COMPANY}} ALLE AUSDRÜCKLICHEN ODER STILLSCHWEIGENDEN GEWÄHRLEISTUNGEN AUS, EINSCHLIESSLICH DER MARKTGÄNGIGKEIT, DER EIGNUNG FÜR EINEN BESTIMMTEN ZWECK, DES RECHTSTITELS UND DER NICHTVERLETZUNG VON RECHTEN DRITTER.',
        'Compliance-Ergebnisse sind automatisierte Hinweise und keine Rechtsberatung. Sie bleiben selbst dafür verantwortlich, die für Ihr Unternehmen geltenden Gesetze und Vorschriften einzuhalten.',
      ],
    },
    {
      heading: '5. Haftungsbeschränkung',
      paragraphs: [
        'SOWEIT GESETZLICH ZULÄSSIG, HAFTET {{COMPANY}} NICHT FÜR INDIREKTE SCHÄDEN, NEBEN-, BESONDERE ODER FOLGESCHÄDEN ODER SCHADENSERSATZ MIT STRAFCHARAKTER SOWIE NICHT FÜR ENTGANGENEN GEWINN, UMSATZ, DATENVERLUST ODER VERLUST AN GESCHÄFTSWERT. UNSERE GESAMTHAFTUNG AUS ODER IM ZUSAMMENHANG MIT DIESEM VERTRAG IST AUF EINHUNDERT US-DOLLAR (100 $) BEGRENZT.',
      ],
    },
    {
      heading: '6. Laufzeit und Kündigung',
      paragraphs: [
        'Dieser Vertrag gilt, solange Sie die Plattform nutzen. Wir können Ihren Zugang sperren oder beenden, wenn Sie gegen ihn verstoßen. Die Abschnitte 2 bis 7 gelten nach Vertragsende fort.',
      ],
    },
    {
      heading: '7. Anwendbares Recht',
      paragraphs: [
        'Dieser Vertrag unterliegt dem Recht des Bundesstaats New Jersey unter Ausschluss seiner Kollisionsnormen. Ausschließlich zuständig sind die einzelstaatlichen und die Bundesgerichte mit Sitz in New Jersey; beide Parteien erkennen deren Zuständigkeit an.',
      ],
    },
  ],
  privacy: [
    {
      heading: '{{COMPANY}} DATENSCHUTZERKLÄRUNG',
      paragraphs: [
        'Diese Erklärung beschreibt, wie {{company}} personenbezogene Daten erhebt, verwendet und weitergibt, wenn Sie die Plattform nutzen. Ihre personenbezogenen Daten werden in den Vereinigten Staaten verarbeitet.',
      ],
    },
    {
      heading: 'Welche Daten wir erheben',
      paragraphs: [
        'Daten, die Sie uns geben: Ihren Namen, Ihre geschäftliche E-Mail-Adresse, Ihre Telefonnummer, Ihr Passwort (nur als Einweg-Hash gespeichert), Angaben zu Ihrem Unternehmen, die Büroadresse, Lizenzen, Zertifikate und andere von Ihnen hochgeladene Dokumente sowie Zahlungsdaten, die unser Zahlungsdienstleister verarbeitet und die wir nie vollständig speichern.',
        'Automatisch erhobene Daten: Geräte- und Browserdaten, IP-Adresse, aufgerufene Seiten sowie Datum und Uhrzeit Ihrer Besuche.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Wir verwenden unbedingt erforderliche Cookies, um Sie angemeldet zu halten und Ihre Sitzung zu schützen, und den lokalen Speicher, um Ihre Sprache und Ihr Farbschema zu speichern. Wir verwenden keine Werbe-Cookies. Sie können Cookies in Ihrem Browser blockieren, dann funktioniert die Anmeldung jedoch nicht.',
      ],
    },
    {
      heading: 'Wie wir Daten verwenden',
      paragraphs: [
        'Um die Plattform bereitzustellen und zu sichern; um Unternehmen zu verifizieren und Dokumente zu prüfen; um die von Ihnen angeforderten Compliance-Scans durchzuführen; um Service-E-Mails wie Registrierungscodes, Einladungen und Ablauferinnerungen zu senden; um Zahlungen abzuwickeln; um die Plattform zu verbessern; und um gesetzliche Pflichten zu erfüllen.',
      ],
    },
    {
      heading: 'Wie wir Daten weitergeben',
      paragraphs: [
        'Wir geben Daten an Dienstleister weiter, die sie vertraglich in unserem Auftrag verarbeiten (Hosting, E-Mail, Zahlungen), an die Standardisierungsallianz zur Verifizierung, wenn Sie uns darum bitten, wenn das Gesetz es verlangt, sowie bei einer Fusion oder einem Verkauf unseres Geschäfts. Ihr öffentliches Vertrauensprofil zeigt, was Sie veröffentlichen möchten. Wir verkaufen keine personenbezogenen Daten.',
      ],
    },
    {
      heading: 'Ihre Rechte',
      paragraphs: [
        'Sie können Auskunft über die personenbezogenen Daten verlangen, die wir über Sie speichern, und darüber, wie wir sie in den letzten 12 Monaten verwendet haben, sowie deren Berichtigung, Löschung oder eine Kopie davon. Wir benachteiligen Sie nicht, weil Sie diese Rechte ausüben. Kontakt: {{email}} oder {{phone}}.',
      ],
    },
    {
      heading: 'Sicherheit',
      paragraphs: [
        'Wir schützen Daten durch verschlüsselte Übertragung, gehashte Passwörter, auf das jeweilige Unternehmen beschränkte Zugriffsrechte und eine Inhaltsprüfung hochgeladener Dateien. Kein System ist vollkommen sicher; melden Sie uns sofort jeden Verdacht auf einen unbefugten Zugriff auf Ihr Konto.',
      ],
    },
    {
      heading: 'Minderjährige',
      paragraphs: [
        'Die Plattform richtet sich an Unternehmen und Personen ab 21 Jahren. Wir erheben wissentlich keine Daten von Personen unter 21 Jahren; erfahren wir davon, löschen wir sie.',
      ],
    },
    {
      heading: 'Hinweise für einzelne Bundesstaaten',
      paragraphs: [
        'Nevada: Wir verkaufen keine erfassten Daten im Sinne des Rechts von Nevada; Sie können dennoch einen Widerspruch an {{email}} senden.',
        'Texas: Einwohner von Texas können die oben genannten Rechte nach dem Texas Data Privacy and Security Act ausüben; Beschwerden gegen unsere Entscheidungen richten Sie an {{email}}.',
        'Vermont: Wir geben personenbezogene Daten von Einwohnern Vermonts ohne deren Einwilligung nicht zu Marketingzwecken an nicht verbundene Dritte weiter.',
        'Kalifornien: Einwohner Kaliforniens haben nach dem CCPA in der durch den CPRA geänderten Fassung das Recht auf Auskunft, Löschung, Berichtigung und Einschränkung der Nutzung sensibler personenbezogener Daten. Wir verkaufen personenbezogene Daten nicht und geben sie nicht für kontextübergreifende verhaltensbasierte Werbung weiter.',
      ],
    },
    {
      heading: 'Änderungen und Kontakt',
      paragraphs: [
        'Änderungen dieser Erklärung veröffentlichen wir hier und informieren Sie über wesentliche Änderungen per E-Mail. Diese Erklärung wird nach dem Recht von New Jersey ausgelegt. Fragen: {{email}}, {{phone}}.',
      ],
    },
  ],
  californiaNotice: {
    heading: 'Hinweis bei der Erhebung für Einwohner Kaliforniens',
    paragraphs: [
      'In den letzten 12 Monaten erhobene Kategorien: Kennungen, geschäftliche Informationen, Internetaktivität, berufliche Informationen und für Zahlungen Finanzinformationen, die unser Zahlungsdienstleister verarbeitet. Zwecke: wie unter „Wie wir Daten verwenden“ beschrieben. Aufbewahrung: solange Ihr Konto besteht und danach, soweit gesetzlich vorgeschrieben. Sie oder ein bevollmächtigter Vertreter können Anfragen an {{email}} richten; wir überprüfen jede Anfrage per E-Mail, bevor wir sie bearbeiten.',
    ],
  },
};

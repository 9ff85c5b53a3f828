import type { LegalDocument } from '@/features/accounts/legal/legal-text';

/** De Nederlandse tekst, met dezelfde opbouw als de Engelse (spec 2 §9, spec 3 §2). */
export const LEGAL_DOCUMENT: LegalDocument = {
  agreement: [
    {
      heading: '{{COMPANY}} LICENTIEOVEREENKOMST VOOR EINDGEBRUIKERS',
      paragraphs: [
        'Deze licentieovereenkomst voor eindgebruikers (de "Overeenkomst") wordt gesloten tussen u, namens uzelf en het bedrijf dat u registreert ("u"), en {{company}}, de softwareleverancier die dit platform exploiteert voor zijn standaardenalliantie ("wij", "ons"). Door het vakje voor akkoord aan te vinken of het platform te gebruiken, aanvaardt u deze Overeenkomst. Als u deze niet aanvaardt, gebruik het platform dan niet.',
      ],
    },
    {
      heading: '1. Licentie en beperkingen',
      paragraphs: [
        'Wij verlenen u een beperkte, niet-exclusieve, niet-overdraagbare en herroepbare licentie om het platform tijdens uw abonnement te gebruiken voor de interne bedrijfsdoeleinden van uw onderneming, in overeenstemming met deze Overeenkomst en de documentatie.',
        'U zult niet: het platform kopiëren, wijzigen of er afgeleide werken van maken; het reverse-engineeren, decompileren of proberen de broncode te verkrijgen, behalve voor zover de wet dat uitdrukkelijk toestaat; de toegang doorverkopen, in sublicentie geven, verhuren of delen met iemand buiten uw bedrijf; het platform gebruiken om enige wet te overtreden, waaronder de cannabis- en hennepwetgeving van uw staat, provincie of land; onrechtmatige, inbreukmakende of schadelijke inhoud uploaden, waaronder malware; de beveiliging van het platform zonder onze schriftelijke toestemming onderzoeken, scannen of testen; of geautomatiseerde middelen gebruiken om meer gegevens te verzamelen dan het platform aanbiedt.',
        'U bent verantwoordelijk voor uw inloggegevens en voor alles wat via uw account gebeurt. Laat het ons onmiddellijk weten als u ongeoorloofd gebruik vermoedt.',
      ],
    },
    {
      heading: '2. Feedback',
      paragraphs: [
        'Als u ons suggesties, ideeën of andere feedback over het platform stuurt, verleent u ons een eeuwigdurende, onherroepelijke, kosteloze en wereldwijde licentie om deze te gebruiken en te verwerken, zonder verplichting jegens u. Feedback is geen vertrouwelijke informatie van u.',
      ],
    },
    {
      heading: '3. Vertrouwelijkheid',
      paragraphs: [
        'Elke partij kan van de andere niet-openbare informatie ontvangen die als vertrouwelijk is aangemerkt of die redelijkerwijs als vertrouwelijk moet worden begrepen. De ontvangende partij gebruikt die informatie alleen om deze Overeenkomst uit te voeren, beschermt haar met ten minste redelijke zorg en maakt haar alleen bekend aan personen die haar moeten kennen en aan vergelijkbare verplichtingen gebonden zijn, of wanneer de wet openbaarmaking vereist, na voorafgaande kennisgeving waar dat is toegestaan.',
        'Deze verplichtingen gelden niet voor informatie die zonder schuld van de ontvangende partij openbaar is of wordt, die haar al bekend was, die zelfstandig is ontwikkeld of die zij rechtmatig van een derde heeft ontvangen.',
      ],
    },
    {
      heading: '4. Uitsluiting van garanties',
      paragraphs: [
        'HET PLATFORM, ZIJN VERIFICATIERESULTATEN, COMPLIANCESCANS EN VERTROUWENSPROFIELEN WORDEN GELEVERD "IN DE HUIDIGE STAAT" EN "NAAR BESCHIKBAARHEID". VOOR ZOVER DE WET DAT TOESTAAT, WIJST {{COMPANY}} ALLE UITDRUKKELIJKE OF STILZWIJGENDE GARANTIES AF, WAARONDER DIE VAN VERKOOPBAARHEID, GESCHIKTHEID VOOR EEN BEPAALD DOEL, EIGENDOM EN NIET-INBREUK.',
        'Complianceresultaten zijn geautomatiseerde aanwijzingen en geen juridisch advies. U blijft zelf verantwoordelijk voor de naleving van de wet- en regelgeving die op uw bedrijf van toepassing is.',
      ],
    },
    {
      heading: '5. Beperking van aansprakelijkheid',
      paragraphs: [
        'VOOR ZOVER DE WET DAT TOESTAAT, IS {{COMPANY}} NIET AANSPRAKELIJK VOOR INDIRECTE, INCIDENTELE, BIJZONDERE, GEVOLG- OF PUNITIEVE SCHADE, NOCH VOOR GEDERFDE WINST, OMZET, GEGEVENS OF GOODWILL. ONZE TOTALE AANSPRAKELIJKHEID VOORTVLOEIEND UIT OF VERBAND HOUDEND MET DEZE OVEREENKOMST BEDRAAGT NIET MEER DAN HONDERD AMERIKAANSE DOLLAR ($100).',
      ],
    },
    {
      heading: '6. Looptijd en beëindiging',
      paragraphs: [
        'Deze Overeenkomst geldt zolang u het platform gebruikt. Wij kunnen uw toegang opschorten of beëindigen als u haar schendt. Artikelen 2 tot en met 7 blijven na beëindiging van kracht.',
      ],
    },
    {
      heading: '7. Toepasselijk recht',
      paragraphs: [
        'Op deze Overeenkomst is het recht van de staat New Jersey van toepassing, met uitsluiting van zijn conflictregels. De staats- en federale rechtbanken in New Jersey zijn exclusief bevoegd en beide partijen aanvaarden hun bevoegdheid.',
      ],
    },
  ],
  privacy: [
    {
      heading: '{{COMPANY}} PRIVACYBELEID',
      paragraphs: [
        'Dit beleid legt uit hoe {{company}} persoonsgegevens verzamelt, gebruikt en deelt wanneer u het platform gebruikt. Uw persoonsgegevens worden in de Verenigde Staten verwerkt.',
      ],
    },
    {
      heading: 'Welke gegevens wij verzamelen',
      paragraphs: [
        'Gegevens die u ons verstrekt: uw naam, zakelijk e-mailadres, telefoonnummer, wachtwoord (alleen als eenrichtingshash opgeslagen), bedrijfsgegevens, kantooradres, licenties, certificaten en andere documenten die u uploadt, en betaalgegevens, die door onze betaalverwerker worden verwerkt en nooit volledig door ons worden opgeslagen.',
        'Automatisch verzamelde gegevens: apparaat- en browsergegevens, IP-adres, bekeken pagina’s en de datum en tijd van uw bezoeken.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Wij gebruiken strikt noodzakelijke cookies om u ingelogd te houden en uw sessie te beveiligen, en lokale opslag om uw taal en thema te onthouden. Wij gebruiken geen advertentiecookies. U kunt cookies in uw browser blokkeren, maar dan werkt inloggen niet meer.',
      ],
    },
    {
      heading: 'Hoe wij gegevens gebruiken',
      paragraphs: [
        'Om het platform te leveren en te beveiligen; om bedrijven te verifiëren en documenten te beoordelen; om de compliancescans uit te voeren die u aanvraagt; om service-e-mails te sturen, zoals aanmeldcodes, uitnodigingen en herinneringen over verlopende documenten; om betalingen te verwerken; om het platform te verbeteren; en om aan wettelijke verplichtingen te voldoen.',
      ],
    },
    {
      heading: 'Hoe wij gegevens delen',
      paragraphs: [
        'Wij delen gegevens met dienstverleners die ze op grond van een contract voor ons verwerken (hosting, e-mail, betalingen), met de standaardenalliantie voor verificatie wanneer u ons daarom vraagt, wanneer de wet dat vereist, en bij een fusie of verkoop van ons bedrijf. Uw openbare vertrouwensprofiel toont wat u kiest te publiceren. Wij verkopen geen persoonsgegevens.',
      ],
    },
    {
      heading: 'Uw rechten',
      paragraphs: [
        'U kunt vragen om inzage in de persoonsgegevens die wij over u bewaren en in hoe wij ze de afgelopen 12 maanden hebben gebruikt, en om correctie, verwijdering of een kopie ervan. Wij zullen u niet benadelen omdat u deze rechten uitoefent. Neem contact met ons op via {{email}} of {{phone}}.',
      ],
    },
    {
      heading: 'Beveiliging',
      paragraphs: [
        'Wij beschermen gegevens met versleuteling tijdens verzending, gehashte wachtwoorden, toegangsrechten die per bedrijf zijn afgebakend en een inhoudscontrole van uploads. Geen enkel systeem is volledig veilig; meld ons onmiddellijk elk vermoeden van een inbreuk op uw account.',
      ],
    },
    {
      heading: 'Minderjarigen',
      paragraphs: [
        'Het platform is bedoeld voor bedrijven en personen van 21 jaar of ouder. Wij verzamelen niet bewust gegevens van personen jonger dan 21 jaar; als wij ontdekken dat dit toch is gebeurd, verwijderen wij die gegevens.',
      ],
    },
    {
      heading: 'Kennisgevingen per staat',
      paragraphs: [
        'Nevada: wij verkopen geen gedekte gegevens zoals gedefinieerd in de wetgeving van Nevada; u kunt toch een opt-outverzoek sturen naar {{email}}.',
        'Texas: inwoners van Texas kunnen de bovenstaande rechten uitoefenen op grond van de Texas Data Privacy and Security Act; bezwaar tegen onze beslissingen kunt u indienen via {{email}}.',
        'Vermont: wij delen zonder toestemming geen persoonsgegevens van inwoners van Vermont met niet-gelieerde derden voor marketingdoeleinden.',
        'Californië: inwoners van Californië hebben op grond van de CCPA, zoals gewijzigd door de CPRA, het recht op inzage, verwijdering, correctie en beperking van het gebruik van gevoelige persoonsgegevens. Wij verkopen geen persoonsgegevens en delen ze niet voor contextoverschrijdende gedragsgerichte advertenties.',
      ],
    },
    {
      heading: 'Wijzigingen en contact',
      paragraphs: [
        'Wijzigingen van dit beleid publiceren wij hier en over wezenlijke wijzigingen informeren wij u per e-mail. Dit beleid wordt uitgelegd naar het recht van New Jersey. Vragen: {{email}}, {{phone}}.',
      ],
    },
  ],
  californiaNotice: {
    heading: 'Kennisgeving bij verzameling voor inwoners van Californië',
    paragraphs: [
      'Categorieën verzameld in de afgelopen 12 maanden: identificatiegegevens, commerciële informatie, internetactiviteit, beroepsgegevens en, voor betalingen, financiële informatie die door onze betaalverwerker wordt verwerkt. Doeleinden: zoals beschreven onder "Hoe wij gegevens gebruiken". Bewaring: zolang uw account bestaat en daarna voor zover de wet dat vereist. U of een gemachtigde vertegenwoordiger kan verzoeken indienen via {{email}}; wij verifiëren elk verzoek per e-mail voordat wij het uitvoeren.',
    ],
  },
};

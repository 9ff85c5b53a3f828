import type { LegalDocument } from '@/features/accounts/legal/legal-text';

/** Le texte français, de même structure que l’anglais (spec 2 §9, spec 3 §2). */
export const LEGAL_DOCUMENT: LegalDocument = {
  agreement: [
    {
      heading: 'CONTRAT DE LICENCE UTILISATEUR FINAL {{COMPANY}}',
      paragraphs: [
        'Le présent contrat de licence utilisateur final (le « Contrat ») est conclu entre vous, pour votre propre compte et pour celui de l’entreprise que vous enregistrez (« vous »), et {{company}}, l’éditeur de logiciels qui exploite cette plateforme pour son alliance de normalisation (« nous »). En cochant la case d’acceptation ou en utilisant la plateforme, vous acceptez le présent Contrat. Si vous ne l’acceptez pas, n’utilisez pas la plateforme.',
      ],
    },
    {
      heading: '1. Licence et restrictions',
      paragraphs: [
        'Nous vous concédons une licence limitée, non exclusive, non transférable et révocable d’utilisation de la plateforme pour les besoins internes de votre entreprise pendant la durée de votre abonnement, conformément au présent Contrat et à la documentation.',
        'Vous vous engagez à ne pas : copier ou modifier la plateforme, ni en créer des œuvres dérivées ; la désosser, la décompiler ou tenter d’en obtenir le code source, sauf dans la mesure où la loi l’autorise expressément ; revendre, sous-licencier ou louer l’accès, ni le partager avec une personne extérieure à votre entreprise ; utiliser la plateforme en violation d’une loi, y compris les lois sur le cannabis et le chanvre de votre État, province ou pays ; téléverser un contenu illicite, contrefaisant ou nuisible, y compris un logiciel malveillant ; sonder, analyser ou tester la sécurité de la plateforme sans notre autorisation écrite ; ni utiliser des moyens automatisés pour extraire des données au-delà de ce que la plateforme propose.',
        'Vous êtes responsable de vos identifiants de connexion et de tout ce qui est fait depuis votre compte. Prévenez-nous immédiatement si vous soupçonnez une utilisation non autorisée.',
      ],
    },
    {
      heading: '2. Retours et suggestions',
      paragraphs: [
        'Si vous nous transmettez des suggestions, des idées ou d’autres retours sur la plateforme, vous nous concédez une licence perpétuelle, irrévocable, gratuite et mondiale de les utiliser et de les intégrer, sans obligation envers vous. Ces retours ne constituent pas des informations confidentielles vous appartenant.',
      ],
    },
    {
      heading: '3. Confidentialité',
      paragraphs: [
        'Chaque partie peut recevoir de l’autre des informations non publiques signalées comme confidentielles ou dont le caractère confidentiel devrait raisonnablement être compris. La partie qui les reçoit ne les utilise que pour exécuter le présent Contrat, les protège avec au moins un soin raisonnable et ne les communique qu’aux personnes qui ont besoin de les connaître et sont tenues par des obligations similaires, ou lorsque la loi en exige la communication, après en avoir informé l’autre partie lorsque cela est permis.',
        'Ces obligations ne s’appliquent pas aux informations qui sont ou deviennent publiques sans faute de la partie qui les reçoit, qu’elle connaissait déjà, qu’elle a développées de manière indépendante ou qu’elle a reçues légitimement d’un tiers.',
      ],
    },
    {
      heading: '4. Exclusions de garantie',
      paragraphs: [
        'LA PLATEFORME, SES RÉSULTATS DE VÉRIFICATION, SES ANALYSES DE CONFORMITÉ ET SES PROFILS DE CONFIANCE SONT FOURNIS « EN L’ÉTAT » ET « SELON DISPONIBILITÉ ». DANS TOUTE LA MESURE PERMISE PAR LA LOI, {{COMPANY}} EXCLUT TOUTE GARANTIE, EXPRESSE OU IMPLICITE, NOTAMMENT DE QUALITÉ MARCHANDE, D’ADÉQUATION À UN USAGE PARTICULIER, DE TITRE ET D’ABSENCE DE CONTREFAÇON.',
        'Les constats de conformité sont des indications automatisées et non des conseils juridiques. Vous restez responsable du respect des lois et réglementations qui s’appliquent à votre entreprise.',
      ],
    },
    {
      heading: '5. Limitation de responsabilité',
      paragraphs: [
        'DANS TOUTE LA MESURE PERMISE PAR LA LOI, {{COMPANY}} NE POURRA ÊTRE TENUE RESPONSABLE D’AUCUN DOMMAGE INDIRECT, ACCESSOIRE, SPÉCIAL, CONSÉCUTIF OU PUNITIF, NI D’UNE PERTE DE BÉNÉFICES, DE CHIFFRE D’AFFAIRES, DE DONNÉES OU DE CLIENTÈLE. NOTRE RESPONSABILITÉ TOTALE AU TITRE DU PRÉSENT CONTRAT OU EN LIEN AVEC CELUI-CI NE DÉPASSERA PAS CENT DOLLARS AMÉRICAINS (100 $).',
      ],
    },
    {
      heading: '6. Durée et résiliation',
      paragraphs: [
        'Le présent Contrat s’applique tant que vous utilisez la plateforme. Nous pouvons suspendre ou mettre fin à votre accès si vous le violez. Les articles 2 à 7 survivent à sa résiliation.',
      ],
    },
    {
      heading: '7. Droit applicable',
      paragraphs: [
        'Le présent Contrat est régi par le droit de l’État du New Jersey, sans égard à ses règles de conflit de lois. Les tribunaux d’État et fédéraux situés dans le New Jersey ont une compétence exclusive, à laquelle les deux parties consentent.',
      ],
    },
  ],
  privacy: [
    {
      heading: 'POLITIQUE DE CONFIDENTIALITÉ {{COMPANY}}',
      paragraphs: [
        'La présente politique explique comment {{company}} collecte, utilise et partage des informations personnelles lorsque vous utilisez la plateforme. Vos informations personnelles sont traitées aux États-Unis.',
      ],
    },
    {
      heading: 'Informations que nous collectons',
      paragraphs: [
        'Les informations que vous nous fournissez : votre nom, votre adresse e-mail professionnelle, votre numéro de téléphone, votre mot de passe (conservé uniquement sous forme de hachage irréversible), les informations sur votre entreprise, l’adresse de vos bureaux, les licences, certificats et autres documents que vous téléversez, ainsi que vos données de paiement, traitées par notre prestataire de paiement et jamais conservées intégralement par nous.',
        'Les informations collectées automatiquement : données sur votre appareil et votre navigateur, adresse IP, pages consultées, ainsi que les dates et heures de vos visites.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Nous utilisons des cookies strictement nécessaires pour maintenir votre connexion et protéger votre session, et le stockage local pour mémoriser votre langue et votre thème. Nous n’utilisons pas de cookies publicitaires. Vous pouvez bloquer les cookies dans votre navigateur, mais la connexion ne fonctionnera alors plus.',
      ],
    },
    {
      heading: 'Utilisation des informations',
      paragraphs: [
        'Pour fournir et sécuriser la plateforme ; pour vérifier les entreprises et examiner les documents ; pour effectuer les analyses de conformité que vous demandez ; pour envoyer des e-mails de service tels que les codes d’inscription, les invitations et les rappels d’expiration ; pour traiter les paiements ; pour améliorer la plateforme ; et pour respecter nos obligations légales.',
      ],
    },
    {
      heading: 'Partage des informations',
      paragraphs: [
        'Nous partageons des informations avec les prestataires qui les traitent pour notre compte dans le cadre d’un contrat (hébergement, e-mail, paiements), avec l’alliance de normalisation aux fins de vérification lorsque vous nous le demandez, lorsque la loi l’exige, et en cas de fusion ou de cession de notre activité. Votre profil de confiance public affiche ce que vous choisissez de publier. Nous ne vendons pas d’informations personnelles.',
      ],
    },
    {
      heading: 'Vos droits',
      paragraphs: [
        'Vous pouvez demander à accéder aux informations personnelles que nous détenons sur vous et à savoir comment nous les avons utilisées au cours des 12 derniers mois, à les faire rectifier ou supprimer, ou à en recevoir une copie. Nous ne vous traiterons pas de manière discriminatoire parce que vous exercez ces droits. Contactez-nous à {{email}} ou au {{phone}}.',
      ],
    },
    {
      heading: 'Sécurité',
      paragraphs: [
        'Nous protégeons les informations par le chiffrement des échanges, le hachage des mots de passe, des contrôles d’accès limités à chaque entreprise et la vérification du contenu des fichiers téléversés. Aucun système n’est parfaitement sûr ; signalez-nous immédiatement toute violation suspectée de votre compte.',
      ],
    },
    {
      heading: 'Mineurs',
      paragraphs: [
        'La plateforme est destinée aux entreprises et aux personnes âgées de 21 ans ou plus. Nous ne collectons pas sciemment d’informations auprès de personnes de moins de 21 ans ; si nous apprenons que cela s’est produit, nous les supprimons.',
      ],
    },
    {
      heading: 'Avis propres à certains États',
      paragraphs: [
        'Nevada : nous ne vendons pas d’informations couvertes au sens du droit du Nevada ; vous pouvez néanmoins envoyer une demande d’opposition à {{email}}.',
        'Texas : les résidents du Texas peuvent exercer les droits ci-dessus en vertu du Texas Data Privacy and Security Act ; les recours contre nos décisions sont à adresser à {{email}}.',
        'Vermont : nous ne partageons pas d’informations personnelles concernant des résidents du Vermont avec des tiers non affiliés à des fins de marketing sans leur consentement.',
        'Californie : les résidents de Californie disposent, en vertu du CCPA tel que modifié par le CPRA, des droits de savoir, de supprimer, de rectifier et de limiter l’utilisation des informations personnelles sensibles. Nous ne vendons ni ne partageons d’informations personnelles à des fins de publicité comportementale intercontextuelle.',
      ],
    },
    {
      heading: 'Modifications et contact',
      paragraphs: [
        'Nous publierons ici les modifications de la présente politique et vous informerons par e-mail de toute modification importante. La présente politique est interprétée selon le droit du New Jersey. Questions : {{email}}, {{phone}}.',
      ],
    },
  ],
  californiaNotice: {
    heading: 'Avis au moment de la collecte pour les résidents de Californie',
    paragraphs: [
      'Catégories collectées au cours des 12 derniers mois : identifiants, informations commerciales, activité sur Internet, informations professionnelles et, pour les paiements, informations financières traitées par notre prestataire. Finalités : celles décrites à la section « Utilisation des informations ». Conservation : tant que votre compte existe, puis selon ce qu’exige la loi. Vous-même ou un mandataire autorisé pouvez adresser vos demandes à {{email}} ; nous vérifions chaque demande par e-mail avant d’y donner suite.',
    ],
  },
};

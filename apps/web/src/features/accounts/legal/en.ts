import type { LegalDocument } from '@/features/accounts/legal/legal-text';

/** The English text (spec 2 §9, spec 3 §2). Every language's module has the same structure (see the test). */
export const LEGAL_DOCUMENT: LegalDocument = {
  agreement: [
    {
      heading: '{{COMPANY}} END-USER LICENCE AGREEMENT',
      paragraphs: [
        'This End-User Licence Agreement ("Agreement") is between you, on behalf of yourself and the business you register ("you"), and {{company}}, the software vendor that operates this platform for its standards alliance ("we", "us"). By ticking the agreement box or using the platform you accept this Agreement. If you do not accept it, do not use the platform.',
      ],
    },
    {
      heading: '1. Licence and restrictions',
      paragraphs: [
        'We grant you a limited, non-exclusive, non-transferable, revocable licence to use the platform for your internal business purposes during your subscription, in line with this Agreement and the documentation.',
        "You will not: copy, modify or create derivative works of the platform; reverse engineer, decompile or try to obtain its source code, except where the law expressly allows it; resell, sublicense, rent or share access with anyone outside your business; use the platform to break any law, including cannabis and hemp laws of your state, province or country; upload anything unlawful, infringing or harmful, including malware; probe, scan or test the platform's security without our written permission; or use automated means to extract data beyond what the platform offers.",
        'You are responsible for your account credentials and for everything done under your account. Tell us at once if you suspect unauthorised use.',
      ],
    },
    {
      heading: '2. Feedback',
      paragraphs: [
        'If you send us suggestions, ideas or other feedback about the platform, you grant us a perpetual, irrevocable, royalty-free, worldwide licence to use and incorporate it without obligation to you. Feedback is not your confidential information.',
      ],
    },
    {
      heading: '3. Confidentiality',
      paragraphs: [
        'Each party may receive non-public information of the other that is marked confidential or should reasonably be understood to be confidential. The receiving party will use it only to perform under this Agreement, protect it with at least reasonable care, and disclose it only to people who need to know it and are bound by similar duties, or where the law requires disclosure after giving notice where allowed.',
        'These duties do not cover information that is or becomes public through no fault of the receiving party, was already known to it, is independently developed, or is rightfully received from a third party.',
      ],
    },
    {
      heading: '4. Disclaimers',
      paragraphs: [
        'THE PLATFORM, ITS VERIFICATION RESULTS, COMPLIANCE SCANS AND TRUST PROFILES ARE PROVIDED "AS IS" AND "AS AVAILABLE". TO THE FULLEST EXTENT THE LAW ALLOWS, {{COMPANY}} DISCLAIMS ALL WARRANTIES, EXPRESS OR IMPLIED, INCLUDING MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE AND NON-INFRINGEMENT.',
        'Compliance findings are automated indications, not legal advice. You remain responsible for your own compliance with the laws and regulations that apply to your business.',
      ],
    },
    {
      heading: '5. Limitation of liability',
      paragraphs: [
        'TO THE FULLEST EXTENT THE LAW ALLOWS, {{COMPANY}} WILL NOT BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL OR PUNITIVE DAMAGES, OR FOR LOST PROFITS, REVENUE, DATA OR GOODWILL. OUR TOTAL LIABILITY ARISING OUT OF OR RELATING TO THIS AGREEMENT WILL NOT EXCEED ONE HUNDRED US DOLLARS ($100).',
      ],
    },
    {
      heading: '6. Term and termination',
      paragraphs: [
        'This Agreement lasts while you use the platform. We may suspend or end your access if you breach it. Sections 2 to 7 survive termination.',
      ],
    },
    {
      heading: '7. Governing law',
      paragraphs: [
        'This Agreement is governed by the laws of the State of New Jersey, without regard to its conflict-of-laws rules. The state and federal courts located in New Jersey have exclusive jurisdiction, and both parties consent to them.',
      ],
    },
  ],
  privacy: [
    {
      heading: '{{COMPANY}} PRIVACY POLICY',
      paragraphs: [
        'This policy explains how {{company}} collects, uses and shares personal information when you use the platform. Your personal information is processed in the United States.',
      ],
    },
    {
      heading: 'Information we collect',
      paragraphs: [
        'Information you give us: your name, business email, phone number, password (stored only as a one-way hash), company details, office address, licences, certificates and other documents you upload, and payment details, which are handled by our payment processor and never stored by us in full.',
        'Information collected automatically: device and browser data, IP address, pages viewed, and the times and dates of your visits.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'We use strictly necessary cookies to keep you signed in and to protect your session, and local storage to remember your language and theme. We do not use advertising cookies. You can block cookies in your browser, but signing in will then not work.',
      ],
    },
    {
      heading: 'How we use information',
      paragraphs: [
        'To provide and secure the platform; to verify companies and review documents; to run compliance scans you request; to send service emails such as sign-up codes, invitations and expiry reminders; to process payments; to improve the platform; and to meet legal obligations.',
      ],
    },
    {
      heading: 'How we share information',
      paragraphs: [
        'We share information with service providers who process it for us under contract (hosting, email, payments), with the standards alliance for verification where you ask us to, when the law requires it, and in a merger or sale of our business. Your public trust profile shows what you choose to publish. We do not sell personal information.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may ask to access the personal information we hold about you and how we used it in the last 12 months, to correct it, to delete it, or to receive a copy. We will not discriminate against you for using these rights. Contact us at {{email}} or {{phone}}.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'We protect information with encryption in transit, hashed passwords, access controls scoped to each company, and uploads checked by content. No system is perfectly secure; tell us at once about any suspected breach of your account.',
      ],
    },
    {
      heading: 'Minors',
      paragraphs: [
        'The platform is for businesses and people aged 21 or older. We do not knowingly collect information from anyone under 21; if we learn that we have, we delete it.',
      ],
    },
    {
      heading: 'State notices',
      paragraphs: [
        'Nevada: we do not sell covered information as defined by Nevada law; you may still send an opt-out request to {{email}}.',
        'Texas: Texas residents may exercise the rights above under the Texas Data Privacy and Security Act; appeals of our decisions go to {{email}}.',
        'Vermont: we do not share personal information about Vermont residents with non-affiliated third parties for marketing without consent.',
        'California: California residents have the rights to know, delete, correct and limit the use of sensitive personal information under the CCPA as amended by the CPRA. We do not sell or share personal information for cross-context behavioural advertising.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'We will post changes to this policy here and tell you about material changes by email. This policy is interpreted under New Jersey law. Questions: {{email}}, {{phone}}.',
      ],
    },
  ],
  californiaNotice: {
    heading: 'Notice at collection for California residents',
    paragraphs: [
      'Categories collected in the last 12 months: identifiers, commercial information, internet activity, professional information and, for payments, financial information handled by our processor. Purposes: as described in "How we use information". Retention: for as long as your account exists and then as required by law. You or an authorised agent may submit requests to {{email}}; we verify requests by email before acting on them.',
    ],
  },
};

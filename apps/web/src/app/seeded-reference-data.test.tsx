import { act, fireEvent, screen, within } from '@testing-library/react';
import { listDocuments, reviewQueue } from '@trustleaf/domain/api/documents';
import { FEATURES, seededPlanDetail } from '@trustleaf/domain/reference/features';
import { STATES } from '@trustleaf/domain/reference/countries';
import { SEEDED_TEXT, SEEDED_VOCABULARY } from '@trustleaf/domain/reference/seeded-catalog';
import { businessTypeListing, categoryListing, segmentListing } from '@trustleaf/domain/api/reference';
import type { CompanyDocument, Reason } from '@trustleaf/domain/schemas/document';
import { ROLE_LABELS } from '@trustleaf/domain/reference/role-labels';
import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentReviewRoute } from '@/app/routes/app/document-review';
import { PlanEditor } from '@/features/billing/components/admin-plan-editor';
import { PlanFeatureDetailDialog } from '@/features/billing/components/plan-feature-detail-dialog';
import { CompanyDocuments } from '@/features/documents/components/company-documents';
import { reviewFieldSpecs } from '@/features/documents/components/review-fields';
import { i18n, loadMessages } from '@/lib/i18n';
import { featureLabel, vocabularyLabel } from '@/lib/seeded-text';
import { ReferenceDataPanel } from '@/features/reference/components/reference-data-panel';
import { testPlan } from '@/testing/billing-fixtures';
import { answer, handle, server } from '@/testing/msw';
import { renderApp } from '@/testing/test-utils';
import de from '@/locales/app/de.json';
import en from '@/locales/app/en.json';
import fr from '@/locales/app/fr.json';
import nl from '@/locales/app/nl.json';

const WAIT = { timeout: 10_000 };
const APP = { en, fr, de, nl };

async function inLanguage(language: 'fr' | 'de') {
  await loadMessages('app', language);
  await act(async () => {
    await i18n.changeLanguage(language);
  });
}

const inFrench = () => inLanguage('fr');

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe('the seeded reference data in the locale files', () => {
  it.each(LANGUAGES)('are the words the server writes in its emails and pages (%s)', (language) => {
    const { seeded } = APP[language].documents;
    const catalogue = SEEDED_TEXT[language];
    expect(seeded.types).toEqual(catalogue.documentTypes);
    expect(
      Object.fromEntries(
        Object.entries(seeded.reasons).map(([key, r]) => [
          key,
          { reasonName: r.name, notification: r.notification },
        ]),
      ),
    ).toEqual(catalogue.reasons);
  });

  it.each(LANGUAGES)('name every category, ingredient and flavour the platform seeds (%s)', (language) => {
    const { seeded } = APP[language].reference;
    for (const [list, table] of Object.entries(SEEDED_VOCABULARY)) {
      const names = seeded[list as keyof typeof seeded] as Record<string, string>;
      expect(Object.keys(names).sort(), list).toEqual(Object.keys(table).sort());
      for (const name of Object.values(names)) expect(name.trim()).toBeTruthy();
      if (language === 'en') expect(names, list).toEqual(table);
    }
  });

  it.each(LANGUAGES)('name the roles as the server writes them in invitations (%s)', (language) => {
    const { roles } = APP[language];
    expect({
      'Super Admin': roles.superAdmin,
      'Company Owner': roles.companyOwner,
      'Company Admin': roles.companyAdmin,
      User: roles.user,
      'Weak User': roles.weakUser,
    }).toEqual(ROLE_LABELS[language]);
  });

  it.each(LANGUAGES)('name every feature the platform seeds (%s)', (language) => {
    const names = APP[language].billing.features as Record<string, string>;
    expect(Object.keys(names).sort()).toEqual(FEATURES.map((f) => f.key).sort());
    for (const feature of FEATURES) expect(names[feature.key]?.trim()).toBeTruthy();
    if (language === 'en') {
      expect(FEATURES.map((f) => names[f.key])).toEqual(FEATURES.map((f) => f.name));
    }
  });
});

describe(
  'seeded document types, reasons and features read in the reader’s language',
  { timeout: 20_000 },
  () => {
    it('names a seeded document type in French in the review queue, and a renamed one as typed', async () => {
      await inFrench();
      const item = {
        plCompanyId: 5,
        companyName: 'Green Valley Hemp Co.',
        reviewStatus: 'pending' as const,
        uploadedAt: '2026-12-07T10:00:00.000Z',
      };
      server.use(
        handle(reviewQueue, () => ({
          items: [
            {
              ...item,
              documentTypeId: 3,
              documentTypeName: 'State Cannabis License',
              documentTypeSeedKey: 'stateCannabisLicense',
              documentId: 11,
            },
            // Renamed by a super admin: no key, read as typed, even in the seeded English words.
            {
              ...item,
              documentTypeId: 4,
              documentTypeName: 'Certificate of Insurance',
              documentTypeSeedKey: null,
              documentId: 12,
            },
          ],
        })),
      );
      renderApp(<DocumentReviewRoute />, { route: '/documents/review', session: 'signed-in' });
      await screen.findAllByTestId('queue-row', {}, WAIT);
      const types = screen
        .getAllByTestId('queue-row')
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
      expect(types).toEqual(['Licence cannabis de l’État', 'Certificate of Insurance']);
    });

    it('lists the vault’s types in the alphabetical order of the reader’s language', async () => {
      await inLanguage('de');
      const row = (documentTypeId: number, name: string, seedKey: string | null): CompanyDocument => ({
        documentType: {
          documentTypeId,
          documentTypeName: name,
          documentTypeSeedKey: seedKey,
          licenseCheck: false,
          certificationCheck: false,
          expirationCheck: false,
          dayPriorNotify: null,
          classification: 'GENERIC',
        },
        latest: null,
        versionCount: 0,
      });
      // As the API lists them: by their stored English names.
      server.use(
        handle(listDocuments, () => ({
          documents: [
            row(1, 'Business Registration', 'businessRegistration'),
            row(2, 'Certificate of Analysis (COA)', 'certificateOfAnalysis'),
            row(3, 'Fire Safety Certificate', null),
            row(4, 'State Cannabis License', 'stateCannabisLicense'),
            row(5, 'USDA Hemp License', 'usdaHempLicense'),
          ],
        })),
      );
      renderApp(<CompanyDocuments plCompanyId={7} canUpload={false} canDelete={false} />, {
        session: 'signed-in',
      });
      await screen.findAllByRole('row', {}, WAIT);
      const names = (await screen.findAllByText(/./, { selector: 'tbody tr td:first-child' }, WAIT)).map(
        (cell) => cell.textContent,
      );
      expect(names).toEqual([
        'Analysezertifikat (COA)',
        'Cannabislizenz des Bundesstaats',
        'Fire Safety Certificate',
        'Gewerbeanmeldung',
        'USDA-Hanflizenz',
      ]);
    });

    it('lists a seeded rejection reason in French in the review form, and a renamed one as typed', async () => {
      await inFrench();
      const reasons: Reason[] = [
        {
          plReasonId: 1,
          reasonName: 'Illegible document',
          notification: 'n',
          reasonType: 'REJECT',
          seedKey: 'illegible',
        },
        { plReasonId: 2, reasonName: 'Out of date', notification: 'n', reasonType: 'REJECT', seedKey: null },
        // An answer without the field (an older server): as stored.
        { plReasonId: 3, reasonName: 'Name mismatch', notification: 'n', reasonType: 'REJECT' },
      ];
      const { reviewFields } = reviewFieldSpecs(i18n.t, {
        adminOnly: false,
        locked: false,
        country: 'US',
        choice: 'REJECT',
        choices: ['ACCEPT', 'REJECT'],
        expirationCheck: false,
        businessTypes: [],
        countries: [],
        states: [],
        reasons,
        language: 'fr',
      });
      const field = reviewFields.find((spec) => spec.name === 'rejectReason');
      expect(field?.options?.map((option) => option.label)).toEqual([
        'Document illisible',
        'Out of date',
        'Name mismatch',
      ]);
    });

    it('names the licence’s country in the reader’s language in the review form', () => {
      const context = {
        adminOnly: false,
        locked: false,
        country: 'US',
        choice: 'ACCEPT',
        choices: ['ACCEPT', 'REJECT'] as const,
        expirationCheck: false,
        businessTypes: [],
        countries: [
          { code: 'US', name: 'United States' },
          { code: 'DE', name: 'Germany' },
        ],
        states: [],
        reasons: [],
      };
      const countries = (language: string) =>
        reviewFieldSpecs(i18n.t, { ...context, language })
          .licenceFields.find((spec) => spec.name === 'countryOfLicense')
          ?.options?.map((option) => option.label);
      expect(countries('en')).toEqual(['Germany', 'United States']);
      expect(countries('fr')).toEqual(['Allemagne', 'États-Unis']);
      expect(countries('de')).toEqual(['Deutschland', 'Vereinigte Staaten']);
      expect(countries('nl')).toEqual(['Duitsland', 'Verenigde Staten']);
    });

    it('names the licence’s state in the reader’s language and its order in the review form', async () => {
      await inLanguage('fr');
      const state = (name: string, abbreviation: string, country = 'US') => ({
        name,
        abbreviation,
        country,
        code: 1,
      });
      const context = {
        adminOnly: false,
        locked: false,
        choice: 'ACCEPT',
        choices: ['ACCEPT', 'REJECT'] as const,
        expirationCheck: false,
        businessTypes: [],
        countries: [],
        // As the API lists them: by country, then by English name.
        states: [
          state('British Columbia', 'BC', 'CA'),
          state('Ontario', 'ON', 'CA'),
          state('California', 'CA'),
          state('North Carolina', 'NC'),
          state('Puerto Rico', 'PR'),
          state('Texas', 'TX'),
          state('Virginia', 'VA'),
        ],
        reasons: [],
        language: 'fr',
      };
      const states = (country: string) =>
        reviewFieldSpecs(i18n.t, { ...context, country })
          .licenceFields.find((spec) => spec.name === 'stateOfLicense')
          ?.options?.map((option) => [option.value, option.label]);
      expect(states('US')).toEqual([
        ['CA', 'Californie'],
        ['NC', 'Caroline du Nord'],
        ['PR', 'Porto Rico'],
        ['TX', 'Texas'],
        ['VA', 'Virginie'],
      ]);
      expect(states('CA')).toEqual([
        ['BC', 'Colombie-Britannique'],
        ['ON', 'Ontario'],
      ]);
    });

    it.each(LANGUAGES)(
      'names a state or province in the locale files only when %s names it so',
      (language) => {
        // The table is of the names French, German or Dutch write otherwise; English keeps the list's.
        const regions = APP[language].places.regions as Record<string, string>;
        const listed = new Map(STATES.map((s) => [`${s.country}-${s.abbreviation}`, s.name]));
        expect(Object.keys(regions).filter((key) => !listed.has(key))).toEqual([]);
        if (language === 'en')
          for (const [key, name] of Object.entries(regions)) expect(name).toBe(listed.get(key));
      },
    );

    it('describes a seeded plan feature in French, and one a super admin rewrote as written', async () => {
      await inFrench();
      const plan = testPlan({
        name: 'Pro',
        detailDescription: {
          title: 'Pro',
          detailDescriptions: [
            {
              shortDescription: 'Verified seal',
              detailDescription: seededPlanDetail('Verified seal', 'Pro'),
            },
            { shortDescription: 'Q vault', detailDescription: '<p>Our secure vault for your documents.</p>' },
          ],
        },
      });
      renderApp(<PlanFeatureDetailDialog plan={plan} onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', {}, WAIT);
      expect(within(dialog).getByRole('heading', { level: 3 }).textContent).toBe('Sceau vérifié');
      expect(dialog.textContent).toContain('Sceau vérifié fait partie de la formule Pro.');
      expect(dialog.textContent).not.toContain('is included');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Fonctionnalité suivante' }));
      // The description is the super admin's; its heading is the feature's name, in French too.
      expect(within(dialog).getByRole('heading', { level: 3 }).textContent).toBe('Q-Vault');
      expect(dialog.textContent).toContain('Our secure vault for your documents.');
    });

    it('labels the plan editor’s descriptions with the features’ names in German, as their boxes', async () => {
      await inLanguage('de');
      const plan = testPlan({
        features: [
          {
            plFeatureId: 5,
            key: 'q_vault',
            // A feature row and a description the seed wrote before the vault was named 'Q-Vault'.
            name: 'Q vault',
            featureType: 'BOOLEAN',
            available: true,
            priority: 4,
            isMenuSetting: true,
            planFeatureConfig: {
              available: true,
              include: true,
              clientThreshold: null,
              status: 'NON_INTERACTABLE',
            },
            restriction: null,
          },
        ],
        detailDescription: {
          title: 'Pro',
          detailDescriptions: [
            { shortDescription: 'Q vault', detailDescription: seededPlanDetail('Q vault', 'Pro') },
            { shortDescription: 'Verified seal', detailDescription: '<p>Our seal.</p>' },
            { shortDescription: 'Onboarding call', detailDescription: '<p>A call with us.</p>' },
          ],
        },
      });
      renderApp(<PlanEditor plan={plan} drafts={new Map()} />, { session: 'signed-in' });
      const editor = await screen.findByTestId('admin-plan-Pro', {}, WAIT);
      expect(within(editor).getByRole('checkbox', { name: 'Q-Vault' })).toBeTruthy();
      const labels = within(editor)
        .getAllByRole('textbox')
        .filter((box): box is HTMLTextAreaElement => box instanceof HTMLTextAreaElement)
        .map((box) => box.labels?.[0]?.textContent);
      expect(labels).toEqual(['Q-Vault', 'Verifiziertes Siegel', 'Onboarding call']);
      // English names the vault as the menu does.
      expect(en.billing.features.q_vault).toBe(en.nav.group.qVault);
    });

    it('lists seeded categories in French and in its order in the reference data; renamed ones as typed', async () => {
      await inFrench();
      server.use(
        answer(categoryListing, {
          categories: [
            // As the API lists them: by their stored English names.
            {
              plCategoryId: 1,
              type: 'PRODUCT',
              name: 'Beverages',
              parentCategoryId: null,
              seedKey: 'beverages',
            },
            { plCategoryId: 2, type: 'PRODUCT', name: 'Buds', parentCategoryId: null, seedKey: null },
            { plCategoryId: 3, type: 'PRODUCT', name: 'Edibles', parentCategoryId: null, seedKey: 'edibles' },
            { plCategoryId: 4, type: 'PRODUCT', name: 'Flower', parentCategoryId: null, seedKey: 'flower' },
            { plCategoryId: 5, type: 'PRODUCT', name: 'Gummies', parentCategoryId: 3, seedKey: null },
            { plCategoryId: 6, type: 'SERVICE', name: 'Testing', parentCategoryId: null, seedKey: 'testing' },
          ],
        }),
        answer(segmentListing, { segments: [] }),
        answer(businessTypeListing, { businessTypes: [] }),
      );
      renderApp(<ReferenceDataPanel />, { session: 'signed-in' });
      const card = await screen.findByTestId('reference-categories', {}, WAIT);
      const rows = within(card)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((cell) => cell.textContent));
      expect(rows).toEqual([
        ['Boissons', '—'],
        ['Buds', '—'],
        ['Fleurs', '—'],
        ['Gummies', 'Produits comestibles'],
        ['Produits comestibles', '—'],
      ]);
      // The form keeps the stored name, which a save keeps, and says how the name is shown.
      fireEvent.click(within(card).getByRole('button', { name: 'Modifier Fleurs' }));
      const dialog = await screen.findByRole('dialog', {}, WAIT);
      expect(within(dialog).getByLabelText<HTMLInputElement>(/^Nom/).value).toBe('Flower');
      expect(dialog.textContent).toContain(fr.reference.seededNameHint);
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Catégorie parente/ }));
      const options = (await screen.findAllByRole('option', {}, WAIT)).map((option) => option.textContent);
      expect(options).toEqual([fr.reference.noParent, 'Boissons', 'Buds', 'Gummies', 'Produits comestibles']);
    });

    it('names seeded segments and business types in French on the reference screen, renamed ones as typed', async () => {
      await inFrench();
      server.use(
        answer(categoryListing, { categories: [] }),
        answer(segmentListing, {
          segments: [
            { plSegmentId: 1, name: 'Cannabis', type: 'CANNABIS' },
            { plSegmentId: 2, name: 'Hemp', type: 'HEMP' },
            // Renamed by a super admin: read as typed.
            { plSegmentId: 3, name: 'Services and supplies', type: 'ANCILLARY' },
          ],
        }),
        answer(businessTypeListing, {
          businessTypes: [
            { plBusinessTypeId: 3, name: 'Retailer', type: 'RETAILER', plSegmentIds: [1, 2] },
            { plBusinessTypeId: 9, name: 'Seed bank', type: 'SEED_BANK', plSegmentIds: [3] },
          ],
        }),
      );
      renderApp(<ReferenceDataPanel />, { session: 'signed-in' });
      const cells = async (testId: string) =>
        within(await screen.findByTestId(testId, {}, WAIT))
          .getAllByRole('row')
          .slice(1)
          .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
      expect((await cells('reference-segments')).map((row) => row[0])).toEqual([
        'Cannabis',
        fr.company.segments.HEMP,
        'Services and supplies',
      ]);
      expect((await cells('reference-business-types')).map((row) => row.slice(0, 2))).toEqual([
        [fr.company.types.RETAILER, `Cannabis, ${fr.company.segments.HEMP}`],
        ['Seed bank', 'Services and supplies'],
      ]);
    });

    it('names seeded ingredients and flavours in German, renamed ones as typed', async () => {
      await inLanguage('de');
      expect(vocabularyLabel(i18n.t, 'ingredients', { name: 'MCT oil', seedKey: 'mctOil' })).toBe('MCT-Öl');
      expect(vocabularyLabel(i18n.t, 'flavors', { name: 'Watermelon', seedKey: 'watermelon' })).toBe(
        'Wassermelone',
      );
      expect(vocabularyLabel(i18n.t, 'flavors', { name: 'Peach', seedKey: null })).toBe('Peach');
      // A key of another list is no flavour's.
      expect(vocabularyLabel(i18n.t, 'flavors', { name: 'Flower', seedKey: 'flower' })).toBe('Flower');
    });

    it('names a platform feature in French by its key; an unknown key keeps its stored name', async () => {
      await inFrench();
      expect(featureLabel(i18n.t, { key: 'community_forum', name: 'Community forum' })).toBe(
        'Forum communautaire',
      );
      expect(featureLabel(i18n.t, { key: 'custom_feature', name: 'Custom feature' })).toBe('Custom feature');
    });
  },
);

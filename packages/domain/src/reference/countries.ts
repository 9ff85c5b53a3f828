/** Spec 3 §9: the 36 selectable countries (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  ['United States', 'US'], ['Canada', 'CA'], ['Mexico', 'MX'], ['Argentina', 'AR'], ['Australia', 'AU'],
  ['Austria', 'AT'], ['Belgium', 'BE'], ['Brazil', 'BR'], ['Chile', 'CL'], ['Colombia', 'CO'],
  ['Croatia', 'HR'], ['Czechia', 'CZ'], ['Denmark', 'DK'], ['Finland', 'FI'], ['France', 'FR'],
  ['Germany', 'DE'], ['Greece', 'GR'], ['Ireland', 'IE'], ['Israel', 'IL'], ['Italy', 'IT'],
  ['Jamaica', 'JM'], ['Japan', 'JP'], ['Luxembourg', 'LU'], ['Malta', 'MT'], ['Netherlands', 'NL'],
  ['New Zealand', 'NZ'], ['North Macedonia', 'MK'], ['Norway', 'NO'], ['Poland', 'PL'], ['Portugal', 'PT'],
  ['South Africa', 'ZA'], ['Spain', 'ES'], ['Switzerland', 'CH'], ['Thailand', 'TH'], ['United Kingdom', 'GB'],
  ['Uruguay', 'UY'],
].map(([name, code]) => ({ name: name!, code: code! }));

/** US states, DC and territories with their FIPS codes, then Canada's provinces and territories
 * (codes from Statistics Canada's SGC). */
export const STATES = [
  ['Alabama', 'AL', 1], ['Alaska', 'AK', 2], ['Arizona', 'AZ', 4], ['Arkansas', 'AR', 5],
  ['California', 'CA', 6], ['Colorado', 'CO', 8], ['Connecticut', 'CT', 9], ['Delaware', 'DE', 10],
  ['District of Columbia', 'DC', 11], ['Florida', 'FL', 12], ['Georgia', 'GA', 13], ['Hawaii', 'HI', 15],
  ['Idaho', 'ID', 16], ['Illinois', 'IL', 17], ['Indiana', 'IN', 18], ['Iowa', 'IA', 19], ['Kansas', 'KS', 20],
  ['Kentucky', 'KY', 21], ['Louisiana', 'LA', 22], ['Maine', 'ME', 23], ['Maryland', 'MD', 24],
  ['Massachusetts', 'MA', 25], ['Michigan', 'MI', 26], ['Minnesota', 'MN', 27], ['Mississippi', 'MS', 28],
  ['Missouri', 'MO', 29], ['Montana', 'MT', 30], ['Nebraska', 'NE', 31], ['Nevada', 'NV', 32],
  ['New Hampshire', 'NH', 33], ['New Jersey', 'NJ', 34], ['New Mexico', 'NM', 35], ['New York', 'NY', 36],
  ['North Carolina', 'NC', 37], ['North Dakota', 'ND', 38], ['Ohio', 'OH', 39], ['Oklahoma', 'OK', 40],
  ['Oregon', 'OR', 41], ['Pennsylvania', 'PA', 42], ['Rhode Island', 'RI', 44], ['South Carolina', 'SC', 45],
  ['South Dakota', 'SD', 46], ['Tennessee', 'TN', 47], ['Texas', 'TX', 48], ['Utah', 'UT', 49],
  ['Vermont', 'VT', 50], ['Virginia', 'VA', 51], ['Washington', 'WA', 53], ['West Virginia', 'WV', 54],
  ['Wisconsin', 'WI', 55], ['Wyoming', 'WY', 56], ['American Samoa', 'AS', 60], ['Guam', 'GU', 66],
  ['Northern Mariana Islands', 'MP', 69], ['Puerto Rico', 'PR', 72], ['U.S. Virgin Islands', 'VI', 78],
]
  .map(([name, abbreviation, code]) => ({ name: name as string, abbreviation: abbreviation as string, code: code as number, country: 'US' }))
  .concat(
    [
      ['Newfoundland and Labrador', 'NL', 10], ['Prince Edward Island', 'PE', 11], ['Nova Scotia', 'NS', 12],
      ['New Brunswick', 'NB', 13], ['Quebec', 'QC', 24], ['Ontario', 'ON', 35], ['Manitoba', 'MB', 46],
      ['Saskatchewan', 'SK', 47], ['Alberta', 'AB', 48], ['British Columbia', 'BC', 59], ['Yukon', 'YT', 60],
      ['Northwest Territories', 'NT', 61], ['Nunavut', 'NU', 62],
    ].map(([name, abbreviation, code]) => ({ name: name as string, abbreviation: abbreviation as string, code: code as number, country: 'CA' })),
  );

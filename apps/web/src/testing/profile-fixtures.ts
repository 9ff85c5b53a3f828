import { MyProfileSchema } from '@trustleaf/domain/schemas/auth';

/** A super admin's profile as the API answers it (user 1, no company), for a test's session. */
export const SUPER_ADMIN_PROFILE = MyProfileSchema.parse({
  currentUser: {
    plUserId: 1,
    firstName: 'Ada',
    lastName: 'Tester',
    email: 'ada@example.test',
    roles: [{ name: 'Super Admin' }],
    memberOfCompany: null,
  },
  currentCompany: null,
});

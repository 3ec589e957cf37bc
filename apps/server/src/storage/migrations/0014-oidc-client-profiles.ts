import type { Kysely, Migration } from 'kysely';

/**
 * What kind of OpenID Connect client a row is (issue #37): the scopes it may ask for, the grants it
 * may use (a server's client credentials, a device's device code), whether it is a native app
 * (RFC 8252 loopback and private-use scheme redirects) and its security profile (`fapi2`: PAR,
 * PKCE, private_key_jwt and DPoP). Existing clients keep what they had: a web app with the
 * authorization code and refresh grants, its scopes limited to the OpenID ones (`scopes` null).
 */
export const oidcClientProfilesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_clients').addColumn('scopes', 'text').execute();
    await db.schema
      .alterTable('oidc_clients')
      .addColumn('application_type', 'text', (c) => c.notNull().defaultTo('web'))
      .execute();
    await db.schema
      .alterTable('oidc_clients')
      .addColumn('grant_types', 'text', (c) =>
        c.notNull().defaultTo('["authorization_code","refresh_token"]'),
      )
      .execute();
    await db.schema.alterTable('oidc_clients').addColumn('security_profile', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_clients').dropColumn('security_profile').execute();
    await db.schema.alterTable('oidc_clients').dropColumn('grant_types').execute();
    await db.schema.alterTable('oidc_clients').dropColumn('application_type').execute();
    await db.schema.alterTable('oidc_clients').dropColumn('scopes').execute();
  },
};

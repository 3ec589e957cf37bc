import {
  type FacebookStandIn,
  facebookEnv,
  startFacebookStandIn,
} from '../../apps/server/src/test-support/facebook-stand-in.js';
import {
  type GoogleStandIn,
  startGoogleStandIn,
} from '../../apps/server/src/test-support/google-stand-in.js';

export interface SocialStandIns {
  /** The hub's configuration for both stand-ins. */
  hubEnv: Record<string, string>;
  google: GoogleStandIn;
  facebook: FacebookStandIn;
  /** Registers the started hub's callback with the stand-in Google. */
  registerHub: (hubUrl: string) => void;
  stop: () => Promise<void>;
}

/** The stand-in Google (node-oidc-provider) and Facebook on loopback, and the hub's env to use them. */
export const startSocialStandIns = async (): Promise<SocialStandIns> => {
  const google = await startGoogleStandIn();
  const facebook = await startFacebookStandIn();
  return {
    hubEnv: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      ...facebookEnv(facebook),
    },
    google,
    facebook,
    registerHub: (hubUrl) => google.register([`${hubUrl}/auth/social/google/callback`]),
    async stop() {
      await google.stop();
      await facebook.stop();
    },
  };
};

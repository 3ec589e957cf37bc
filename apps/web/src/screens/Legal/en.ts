import { CURRENCY } from '@hub/core';

const numberWords: Readonly<Record<number, string>> = {
  2: 'two',
  3: 'three',
  7: 'seven',
  14: 'fourteen',
  18: 'eighteen',
  21: 'twenty-one',
};

/**
 * The legal documents' English words (spec §1), the version that governs. The structure (sections,
 * lists, the table, the links) is in Terms.tsx, Privacy.tsx and Cookies.tsx; the section numbers
 * are theirs too. `{age}`, `{noticeDays}`… are filled in there, `<main />`, `<privacy />`,
 * `<b>…</b>`… are their elements (rich.tsx).
 */
export const legalEn = {
  /** Legal style for a number: 'seven (7)'. */
  spell: (value: number): string => {
    const word = numberWords[value];
    return word ? `${word} (${value})` : String(value);
  },
  currency: CURRENCY,

  terms: {
    about: {
      title: 'About these terms',
      text: 'These terms govern your use of <main />, the single account and sign-in service for the Personal and Business platforms and the partner tools connected to them (a marketplace, chat, shop, HR, jobs, referral and wallet tools, among others). By creating an account or signing in, you agree to these terms. Please read them together with our <privacy />.',
    },
    who: {
      title: 'Who may use the service',
      text: '{product} is for adults only. You must be {age} years of age or older to create an account or to use one. If you use an account for a company or another organisation, you confirm that you are authorised to bind it to these terms.',
    },
    account: {
      title: 'Your account',
      items: [
        'Give accurate details when you sign up, and keep your email address up to date.',
        'Keep your password secret and do not share your account. You are responsible for what is done with it.',
        'Tell us at once if you believe someone else has used your account.',
        'One account serves both platforms. Some accounts are limited to one platform: a company account cannot be used on the Personal platform.',
      ],
    },
    tools: {
      title: 'Partner tools',
      text: 'When you sign in to a partner tool through {product}, we confirm to that tool who you are. Each tool is run under its own terms, which apply to your use of it.',
    },
    prices: {
      title: 'Prices',
      text: 'Creating and keeping an account is free. All prices shown through the service and through the partner tools you reach with it are in {currency} (PHP), unless a price clearly says otherwise.',
    },
    use: {
      title: 'Acceptable use',
      intro: 'You agree not to:',
      items: [
        'use the service for anything unlawful, or to deceive or impersonate anyone;',
        'try to reach accounts, codes or data that are not yours;',
        'overload, probe or disrupt the service, or get around its limits and protections.',
      ],
    },
    ending: {
      title: 'Ending your account',
      text: "You may end your account at any time by giving us {noticeDays} days' written notice. We may suspend or end an account that breaks these terms, and we will tell you why unless the law forbids it.",
    },
    liability: {
      title: 'Liability',
      text: 'We work to keep the service available and secure, but we provide it as it is. To the extent the law allows, we are not liable for losses you could not reasonably have expected, nor for the partner tools, which their operators run.',
    },
    law: {
      title: 'Governing law and disputes',
      governed: 'These terms are governed by the laws of the Republic of the Philippines.',
      dispute:
        'If a dispute arises, the party raising it tells the other in writing. Within {agreeDays} days of that notice, both parties try to agree on a form of alternative dispute resolution, such as mediation, and they aim to settle the dispute within {settleMonths} months.',
      arbitration:
        'A dispute that is not settled that way is finally resolved by arbitration in the Philippines, before a panel of {arbitrators} arbitrators, under the Alternative Dispute Resolution Act of 2004 (Republic Act No. 9285).',
    },
    changes: {
      title: 'Changes to these terms',
      text: 'We may update these terms. We will tell you of important changes before they take effect; if you keep using the service afterwards, the new terms apply.',
    },
  },

  privacy: {
    commitment: {
      title: 'Our commitment',
      text: 'This policy explains how <main /> collects, uses and protects your personal data. We process personal data in compliance with the Data Privacy Act of 2012 (Republic Act No. 10173), its implementing rules, and the other privacy laws that apply to us.',
    },
    collect: {
      title: 'What we collect',
      items: [
        'The account you sign up with: your email address, and a mobile number or username if you add one.',
        'Your password, kept only as a one-way hash: nobody, including us, can read it back.',
        'Your account type and the platforms and partner tools you sign in to.',
        'Security records: the time, IP address and outcome of sign-ins, verification codes and password changes.',
        'Your first and last name, when a partner tool passes them to us as you sign up from it.',
      ],
    },
    why: {
      title: 'Why we use it',
      text: 'To create your account, sign you in to the platforms and tools you choose, send you verification codes, protect your account against misuse, and meet our legal obligations. We do not sell your personal data and do not use it for advertising.',
    },
    share: {
      title: 'Who we share it with',
      items: [
        "The Personal or Business platform, or the partner tool, you sign in to: we confirm who you are to it, with your account's identifier and type.",
        'The providers who deliver our email, bound to use your data only for that.',
        'Public authorities, when the law requires it.',
      ],
    },
    protect: {
      title: 'How we protect it and how long we keep it',
      text: 'Passwords are hashed, verification codes expire after {minutes} minutes and can be used only once, and your sign-in session is kept in a cookie that scripts cannot read. We keep your data while your account exists, and security records only as long as needed to protect accounts and meet the law.',
    },
    rights: {
      title: 'Your rights',
      intro: 'As a data subject you may, at any time:',
      items: [
        '<b>withdraw your consent</b> to the processing of your personal data;',
        '<b>correct</b> personal data that is inaccurate or incomplete;',
        '<b>erase</b> your personal data, or have it blocked;',
        '<b>access</b> your personal data and learn how it is processed.',
      ],
      response:
        'We respond to every request within {responseDays} days of receiving it. You also keep your other rights under the Data Privacy Act, including the right to object, to data portability and to file a complaint with the National Privacy Commission.',
    },
    contact: {
      title: 'How to reach us',
      text: 'To exercise your rights or ask about this policy, write to the {product} Data Protection Officer through the contact details on our main site, <main />. We may ask you to confirm who you are first, so that nobody else can read or change your data.',
    },
    cookies: {
      title: 'Cookies',
      text: 'How we use cookies is explained in our <cookies />.',
    },
  },

  cookies: {
    what: {
      title: 'What cookies are',
      text: 'Cookies are small text files that a website stores in your browser. To learn more about what they are and how they work, see <explainer />.',
    },
    used: {
      title: 'The cookies we use',
      text: '<main /> uses only strictly necessary cookies. They are sent only to this site, the ones that keep you signed in cannot be read by scripts, and none is used for advertising or tracking. On a secure connection the names of the sign-in cookies start with “__Host-”.',
      caption: 'Cookies set by {product}',
      cookie: 'Cookie',
      purpose: 'What it does',
      lasts: 'How long it lasts',
      rows: {
        hub_session: {
          purpose: 'Keeps you signed in, so you are not asked for your password on every visit.',
          lasts: '30 days, or until you log out',
        },
        hub_fb: {
          purpose:
            'Ties a sign-up, login or password reset in progress to your browser, so nobody else can finish it.',
          lasts: 'Until you close your browser',
        },
        hub_lng: {
          purpose:
            'Remembers the language you chose for the screens and emails. Unlike the others, the app’s scripts read it, to show the screens in that language.',
          lasts: '1 year',
        },
      },
    },
    similar: {
      title: 'Similar technologies',
      items: [
        "When a partner tool sends you here, your browser's local storage remembers which tool it was, so we can send you back to it. It is removed when you are done.",
        "If you install the {product} app, your browser keeps a copy of the app's pages so that it opens quickly. It never keeps your account's data.",
      ],
    },
    video: {
      title: 'The promotional video',
      text: "The video on our home page comes from a video provider. Nothing is loaded from the provider until you press play; from then on, the provider's own cookie rules apply to the player.",
    },
    managing: {
      title: 'Managing cookies',
      text: "You can see and delete cookies in your browser's settings, and <explainer /> explains how in each browser. If you block the cookies above, you will not be able to sign in.",
    },
  },
} as const;

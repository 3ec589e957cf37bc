import { ADMIN_REASON_MAX } from '@hub/core';
import type { Subcommand } from './context.js';
import { toolLinkSubcommands } from './tool-links.js';
import { toolRegistrySubcommands } from './tool-registry.js';

export const toolsUsage = `Usage: hub tools <subcommand>

  add --tid N --name NAME --type N [--logo URL] [--path-prefix /psl]
        register a tool; prints its server credential once (only its hash is stored)
  list
        every tool: tid, name, type, tsa keys
  show TID
        one tool: type, logo, path prefix, tsa keys, callbacks per environment
  update TID [--name NAME] [--type N] [--logo URL] [--path-prefix P] [--second-factor required|optional]
        required: every sign-in to the tool needs a second factor (docs/second-factors.md)
  set-callback TID --env ENV --url URL [--name auth] [--position N] [--force]
        ENV is local, development, sandbox or production. The URL is stored exactly as given
        and matched exactly: https (http only for localhost, or in local and development),
        no user name or password, no #fragment, written as a URL parser writes it.
        A 'logout' callback is where single logout returns (else the sign-in callback).
        The platforms' tools (Personal, Business) and the seeded local tools need --force
  remove-callback TID --env ENV [--name auth] [--force]
  add-key TID TSA_KEY
        let TSA_KEY (3-64 of A-Z, 0-9, _) name the tool in /sso/rqx?from=TSA_KEY
  remove-key TSA_KEY
  rotate-credential TID [--grace DURATION]
        replace the tool's server credential; prints the new one once. The old one stops working
        at once, or after DURATION (30m, 24h, at most 7d) so the tool can deploy the new one
  add-member TID EMAIL
        let an account sign in to a tool whose type is not 1 (restricted: signing in or up
        through it never makes an account a member)
  remove-member TID EMAIL
        take an account out of a tool
  members TID
        the tool's members: email, aid, since when
  remove TID --yes
        delete the tool with its tsa keys, callbacks and members

Every change (all but list, show and members) takes --reason TEXT: why, written with its audit
row as the console's changes are (via cli, no operator; "command line" if none; at most ${ADMIN_REASON_MAX}
characters). Every subcommand takes --json: its result as one JSON document on stdout (the text goes to
stderr); a new credential is its "credential" field. In text, it is printed once, alone on its line.
Type 1 tools sign in on the normal screens; any other type goes to the tool login (spec §3).
Exit codes: 0 done, 1 not found or a conflict, 64 bad usage, 78 bad configuration.`;

export const toolSubcommands: Record<string, Subcommand> = {
  ...toolRegistrySubcommands,
  ...toolLinkSubcommands,
};

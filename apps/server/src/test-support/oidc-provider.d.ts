// The declarations live beside the hub's own provider; the test build includes them from here.
/// <reference path="../oidc/oidc-provider.d.ts" />

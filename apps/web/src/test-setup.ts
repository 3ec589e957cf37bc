import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// The components read their texts through i18next (English, as the tests expect).
import './i18n';

// Testing Library unmounts after each test by itself only when test globals are on; they are not here.
afterEach(cleanup);

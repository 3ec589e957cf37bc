import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when test globals are on; they are not here.
afterEach(cleanup);

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoFacade } from './VideoFacade';

// Only the offline side: happy-dom cannot load a player frame (and reports every one it is asked
// for), so the online side is the browser tests' (e2e/landing.test.ts plays the video).
describe('VideoFacade offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('play keeps the poster and says the video needs a connection, instead of a broken frame', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<VideoFacade src="https://video.example/embed/x" title="Promo" poster="/poster.svg" />);
    const play = screen.getByRole('button', { name: 'Play video: Promo' });
    await userEvent.setup().click(play);
    expect(document.querySelector('iframe')).toBeNull();
    const note = screen.getByTestId('promo-video-offline');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe('The video needs an internet connection. Connect, then press play again.');
    expect(play.getAttribute('aria-describedby')).toBe(note.id);
  });
});

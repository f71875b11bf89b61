import '../../../i18n/page-texts.ts';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { render } from '../../../test/render.tsx';
import { TermsPage } from './TermsPage.tsx';

afterEach(() => {
  cleanup();
});

describe('terms of service', () => {
  it('has the anchors accounts, trading and liability, scrolls to the one linked, and links trading to /rules', () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView of its own.
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    render(
      <MemoryRouter initialEntries={['/terms#trading']}>
        <TermsPage />
      </MemoryRouter>,
    );
    for (const id of ['accounts', 'trading', 'liability']) {
      expect(document.getElementById(id)?.tagName).toBe('SECTION');
      expect(
        screen.getByRole('navigation', { name: 'Contents' }).querySelector(`a[href="#${id}"]`),
      ).toBeTruthy();
    }
    expect(scrolled).toEqual(['trading']);
    const trading = document.getElementById('trading') as HTMLElement;
    expect(trading.querySelector('a[href="/rules"]')?.textContent).toBe('How trades are settled');
  });
});

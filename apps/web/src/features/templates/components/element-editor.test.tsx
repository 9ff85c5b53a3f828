import { fireEvent, render, screen, within } from '@testing-library/react';
import { TEMPLATE_ELEMENTS, templateElement } from '@trustleaf/domain/rules/site-template';
import { screenOf } from '@trustleaf/domain/rules/site-template-screens';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_EDIT, type Mutations } from './editor-state';
import { ElementEditor } from './element-editor';
import '@/lib/i18n';

function Editor({ name, mutations }: { name: string; mutations: Mutations }) {
  const [edit, setEdit] = useState(DEFAULT_EDIT);
  return (
    <ElementEditor
      definition={templateElement(name)!}
      templateId={9}
      stored={undefined}
      edit={edit}
      onEdit={setEdit}
      isDraft
      mutations={mutations}
    />
  );
}

describe('the element editor', () => {
  it('lists the menu entries a template can turn off, and saves one turned off', () => {
    const menus = TEMPLATE_ELEMENTS.map((e) => e.elementName).filter((name) => screenOf(name));
    expect(menus).toEqual(['menuWebcrawler', 'menuDirectory', 'menuTrustProfile', 'menuCompanyPage']);

    const mutate = vi.fn();
    const mutations = { addElement: { mutate } } as unknown as Mutations;
    render(
      <SnackbarProvider>
        <Editor name="menuWebcrawler" mutations={mutations} />
        <Editor name="productName" mutations={mutations} />
      </SnackbarProvider>,
    );
    const menu = screen.getByTestId('element-menuWebcrawler');
    expect(within(menu).getByRole('heading', { name: 'Webcrawler menu entry' })).toBeTruthy();
    expect(within(menu).getByText(/this menu entry and its screen are hidden/)).toBeTruthy();
    // Only a menu entry says it hides a screen.
    expect(screen.queryByTestId('element-productName-screen-note')).toBeNull();

    fireEvent.click(within(menu).getByRole('switch', { name: 'Shown' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Save Webcrawler menu entry' }));
    expect(mutate.mock.calls[0]![0]).toEqual({
      plSiteTemplateId: 9,
      elementName: 'menuWebcrawler',
      elementType: 'TERMINOLOGY',
      enabled: false,
      useTextOverride: false,
      textOverride: null,
    });
  });

  it('names the logo\'s default in words after "Default:"', () => {
    const mutations = {} as Mutations;
    render(
      <SnackbarProvider>
        <Editor name="logo" mutations={mutations} />
      </SnackbarProvider>,
    );
    const logo = screen.getByTestId('element-logo');
    expect(within(logo).getByText('Default:', { exact: false }).textContent?.trim()).toBe(
      'Default: Built-in leaf logo',
    );
  });
});

import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/demo.ts';

/** /login: e-mail, password, the server's message in an alert. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** The server's answer to a failed login, shown as is. */
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('E-mail');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('button', { name: 'Log in' });
    this.error = page.getByRole('alert');
  }

  async goto(path = '/login') {
    await this.page.goto(path);
    await expect(this.email).toBeVisible();
  }

  /** Fills the form and submits; does not wait for the outcome. */
  async submitWith(email: string, password = DEMO_PASSWORD) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /**
   * Logs a user without MFA in, postponing the MFA set-up the optional policy offers after the password (the demo
   * accounts' policy: no demo user is enrolled).
   */
  async logIn(email: string, password = DEMO_PASSWORD) {
    await this.submitWith(email, password);
    await this.postponeMfa();
  }

  /** After the password: "Not now" on the MFA set-up the optional policy offers. */
  async postponeMfa() {
    await expect(this.page.getByRole('heading', { name: 'Set up multi-factor authentication' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Not now' }).click();
  }
}

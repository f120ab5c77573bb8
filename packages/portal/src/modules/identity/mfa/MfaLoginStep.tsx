import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { api } from '../../../api/client.ts';
import { CenteredCard } from '../../../app/CenteredCard.tsx';
import { useSession } from '../../../app/session/session.ts';
import type { AuthContext } from '../../../app/session/types.ts';
import { mfaApi } from './api.ts';
import { EnrolFlow } from './EnrolFlow.tsx';
import { MfaProofForm } from './MfaProofForm.tsx';

/**
 * The step after the password (the session rule of spec §4, decided by the server): verify a code, or set MFA up.
 * A mandatory step leaves only "Log out" as a way out; under the optional policy enrolling can be postponed.
 */
export default function MfaLoginStep({ context }: { context: AuthContext }) {
  const session = useSession();
  const step = context.mfa!;
  const user = context.user!;

  // the session is complete now: the context without a step opens the portal (the login page moves on)
  const done = async () => session.signedIn(await api.get<AuthContext>('/auth/context'));
  const postpone = () => session.signedIn({ ...context, mfa: undefined });
  const logout = (
    <Link component="button" type="button" variant="body2" onClick={() => void session.logout()}>
      Log out
    </Link>
  );

  if (step.step === 'verify')
    return (
      <CenteredCard title="Multi-factor authentication" subtitle={`Signing in as ${user.email}.`}>
        <MfaProofForm
          autoFocus
          submitLabel="Verify"
          onSubmit={async (proof) => {
            await mfaApi.verify(user.id, proof);
            await done();
          }}
        />
        <div style={{ textAlign: 'center', marginTop: 16 }}>{logout}</div>
      </CenteredCard>
    );

  return (
    <CenteredCard
      title="Set up multi-factor authentication"
      subtitle={
        step.mandatory
          ? `${context.account.name} requires multi-factor authentication: set it up to continue.`
          : `${context.account.name} recommends multi-factor authentication for ${user.email}.`
      }
    >
      <EnrolFlow
        userId={user.id}
        email={user.email}
        onFinished={done}
        cancel={
          step.mandatory ? undefined : (
            <Button variant="text" onClick={postpone}>
              Not now
            </Button>
          )
        }
      />
      {step.mandatory && <div style={{ textAlign: 'center', marginTop: 16 }}>{logout}</div>}
    </CenteredCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { signInFormSchema, type SignInForm } from '@/lib/auth/schema';
import { AUTH_MSG } from '@/lib/auth/messages';
import { lazyResolver } from './lazy-resolver';

const options: ResolverOptions<SignInForm> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyResolver (the sign-in schema loaded on first use)', () => {
  it('loads once, on preload or first use, and answers as the resolver it loaded', async () => {
    const load = vi.fn(async () => zodResolver(signInFormSchema));
    const lazy = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    lazy.preload();
    lazy.preload();
    const bad = await lazy.resolver({ userName: ' ', password: '' }, undefined, options);
    expect(bad.errors.userName?.message).toBe(AUTH_MSG.userNameRequired);
    expect(bad.errors.password?.message).toBe(AUTH_MSG.passwordRequired);
    const good = await lazy.resolver({ userName: ' hv.user ', password: 'secret' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ userName: 'hv.user', password: 'secret' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load (e.g. a chunk that could not be fetched)', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(zodResolver(signInFormSchema));
    const lazy = lazyResolver<SignInForm>(load);
    lazy.preload();
    await new Promise((r) => setTimeout(r, 0));
    await expect(lazy.resolver({ userName: 'a', password: 'b' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

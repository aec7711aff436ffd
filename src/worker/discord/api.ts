// placeholder until the Discord client lands
export async function getBotGuilds(_env: Env, _o: { fresh: boolean }): Promise<{ approximate_member_count?: number }[]> { return []; }

-- Passkeys ("keep my games", docs/architecture.md, Identity): credentials that join a device to their
-- player, and the single-use challenges of their ceremonies, shared by every server process.
-- Written by scripts/migration-diff.mjs. A player deleted takes their passkeys (ON DELETE CASCADE).

-- CreateTable
CREATE TABLE "Passkey" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "publicKey" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "deviceType" TEXT NOT NULL,
    "backedUp" BOOLEAN NOT NULL,
    "label" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "Passkey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasskeyChallenge" (
    "challenge" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "playerId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PasskeyChallenge_pkey" PRIMARY KEY ("challenge")
);

-- CreateIndex
CREATE INDEX "Passkey_playerId_idx" ON "Passkey"("playerId");

-- CreateIndex
CREATE INDEX "PasskeyChallenge_expiresAt_idx" ON "PasskeyChallenge"("expiresAt");

-- AddForeignKey
ALTER TABLE "Passkey" ADD CONSTRAINT "Passkey_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

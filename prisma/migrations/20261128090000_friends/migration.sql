-- Friends (docs/architecture.md, Friends): one row per pair of players, asked or agreed, and the
-- friend invitation links (only their hash kept). Both go with either player (ON DELETE CASCADE).

-- CreateTable
CREATE TABLE "Friendship" (
    "lowId" TEXT NOT NULL,
    "highId" TEXT NOT NULL,
    "askedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acceptedAt" TIMESTAMP(3),

    CONSTRAINT "Friendship_pkey" PRIMARY KEY ("lowId","highId")
);

-- CreateTable
CREATE TABLE "FriendInvite" (
    "tokenHash" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "FriendInvite_pkey" PRIMARY KEY ("tokenHash")
);

-- CreateIndex
CREATE INDEX "Friendship_highId_idx" ON "Friendship"("highId");

-- CreateIndex
CREATE INDEX "FriendInvite_playerId_idx" ON "FriendInvite"("playerId");

-- AddForeignKey
ALTER TABLE "Friendship" ADD CONSTRAINT "Friendship_lowId_fkey" FOREIGN KEY ("lowId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Friendship" ADD CONSTRAINT "Friendship_highId_fkey" FOREIGN KEY ("highId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FriendInvite" ADD CONSTRAINT "FriendInvite_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Merges of two players whose seats have yet to follow (prisma/schema.prisma, PlayerMerge): the
-- room service moves them room by room, in each room's queue, and then deletes the row.

-- CreateTable
CREATE TABLE "PlayerMerge" (
    "fromId" TEXT NOT NULL,
    "intoId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayerMerge_pkey" PRIMARY KEY ("fromId")
);

-- CreateIndex
CREATE INDEX "PlayerMerge_intoId_idx" ON "PlayerMerge"("intoId");

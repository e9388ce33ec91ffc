-- CreateTable
CREATE TABLE "DailyAttempt" (
    "playerId" TEXT NOT NULL,
    "n" INTEGER NOT NULL,
    "roomId" TEXT NOT NULL,
    "hard" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'playing',
    "guesses" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DailyAttempt_pkey" PRIMARY KEY ("playerId","n")
);

-- CreateIndex
CREATE UNIQUE INDEX "DailyAttempt_roomId_key" ON "DailyAttempt"("roomId");

-- CreateIndex
CREATE INDEX "DailyAttempt_n_status_idx" ON "DailyAttempt"("n", "status");

class TrickQuiz: pass
class FollowSuitQuiz: pass
class BidQuiz: pass
